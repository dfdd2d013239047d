import { CtxError } from "@ctx/text";
import { describe, expect, it } from "vitest";
import { AdapterError } from "./adapter-error.js";

describe("AdapterError", () => {
  it("names the provider and the item at fault, and is recognised across copies", () => {
    const cause = new Error("socket closed");
    const error = new AdapterError("incomplete-answer", "the stream ended early", {
      provider: "gemini",
      index: 2,
      cause,
    });
    expect(error).toMatchObject({
      name: "AdapterError",
      code: "incomplete-answer",
      provider: "gemini",
      index: 2,
      cause,
    });
    expect(AdapterError.isInstance(error)).toBe(true);
    expect(CtxError.isInstance(error)).toBe(true);
    expect(AdapterError.isInstance(new CtxError("invalid-argument", "x"))).toBe(false);
  });

  it("leaves index undefined when no one item is at fault", () => {
    expect(
      new AdapterError("invalid-argument", "bad", { provider: "openai" }).index,
    ).toBeUndefined();
  });
});
