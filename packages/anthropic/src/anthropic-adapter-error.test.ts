import { AdapterError } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { AnthropicAdapterError, toMessagesTool } from "./index.js";

// The deprecated alias keeps recognising what the adapter throws until it goes.
describe("AnthropicAdapterError (deprecated)", () => {
  it("is AdapterError: the adapter's errors pass its isInstance and instanceof, with their codes", () => {
    let thrown: unknown;
    try {
      toMessagesTool({ name: "", description: "", parameters: { type: "object" } });
    } catch (error) {
      thrown = error;
    }
    expect(AnthropicAdapterError).toBe(AdapterError);
    expect(AnthropicAdapterError.isInstance(thrown)).toBe(true);
    expect(thrown).toBeInstanceOf(AnthropicAdapterError);
    expect(thrown).toMatchObject({ code: "invalid-argument", provider: "anthropic" });
  });
});
