import { describe, expect, it } from "vitest";
import { CtxError } from "./ctx-error.js";

class FirstError extends CtxError<"first" | "nested"> {}
class SecondError extends CtxError<"second"> {}
class NestedError extends FirstError {}

describe("CtxError", () => {
  it("names the error after its class and keeps its code and cause", () => {
    const cause = new Error("disk full");
    const error = new FirstError("first", "could not write", { cause });
    expect(error.name).toBe("FirstError");
    expect(error.code).toBe("first");
    expect(error.message).toBe("could not write");
    expect(error.cause).toBe(cause);
    expect("cause" in new FirstError("first", "no cause")).toBe(false);
  });

  it("recognises its own class and every ancestor, but not a sibling", () => {
    const error = new NestedError("nested", "boom");
    expect(NestedError.isInstance(error)).toBe(true);
    expect(FirstError.isInstance(error)).toBe(true);
    expect(CtxError.isInstance(error)).toBe(true);
    expect(SecondError.isInstance(error)).toBe(false);
  });

  it("recognises an error from another installed copy by its brand", () => {
    const brand = Symbol.for("ctx.error");
    const foreign = Object.assign(new Error("from elsewhere"), {
      [brand]: ["FirstError", "CtxError"],
    });
    expect(foreign instanceof CtxError).toBe(false);
    expect(CtxError.isInstance(foreign)).toBe(true);
    expect(FirstError.isInstance(foreign)).toBe(true);
    expect(SecondError.isInstance(foreign)).toBe(false);
  });

  it("rejects values that are not branded errors", () => {
    for (const value of [null, undefined, 42, "CtxError", new Error("plain"), {}]) {
      expect(CtxError.isInstance(value)).toBe(false);
    }
  });
});
