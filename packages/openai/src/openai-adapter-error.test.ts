import { AdapterError } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { OpenAIAdapterError, toResponsesTool } from "./index.js";

// The deprecated alias keeps recognising what the adapter throws until it goes.
describe("OpenAIAdapterError (deprecated)", () => {
  it("is AdapterError: the adapter's errors pass its isInstance and instanceof, with their codes", () => {
    let thrown: unknown;
    try {
      toResponsesTool({ name: "two words", description: "", parameters: { type: "object" } });
    } catch (error) {
      thrown = error;
    }
    expect(OpenAIAdapterError).toBe(AdapterError);
    expect(OpenAIAdapterError.isInstance(thrown)).toBe(true);
    expect(thrown).toBeInstanceOf(OpenAIAdapterError);
    expect(thrown).toMatchObject({ code: "invalid-argument", provider: "openai" });
  });
});
