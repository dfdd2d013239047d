import { describe, expect, it } from "vitest";
import { SessionError } from "../session-error.js";
import { parseTurnContext } from "./turn-context.js";

describe("parseTurnContext", () => {
  it("accepts a minimal turn context", () => {
    expect(parseTurnContext({ model: "ctx-coder", environments: [] })).toEqual({
      model: "ctx-coder",
      environments: [],
    });
  });

  it("names every path that does not fit, and rejects unknown fields", () => {
    const attempt = () =>
      parseTurnContext({ model: "", environments: [{ id: "local" }], colour: "blue" });
    expect(attempt).toThrowError(SessionError);
    expect(attempt).toThrowError(expect.objectContaining({ code: "invalid-argument" }));
    expect(attempt).toThrowError(/model/);
    expect(attempt).toThrowError(/environments\.0\.cwd|environments\[0\]\.cwd/);
    expect(attempt).toThrowError(/colour/);
  });

  it("checks a permissions policy with @ctx/prompts' schema", () => {
    expect(() =>
      parseTurnContext({
        model: "m",
        environments: [],
        permissions: { sandboxMode: "everything" },
      }),
    ).toThrowError(/permissions/);
  });
});
