import { AdapterError } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { AiSdkAdapterError, toPrompt } from "./index.js";

// The deprecated alias keeps recognising what the adapter throws until it goes.
describe("AiSdkAdapterError (deprecated)", () => {
  it("is AdapterError: the adapter's errors pass its isInstance and instanceof, with their codes", () => {
    let thrown: unknown;
    try {
      toPrompt({ input: [] } as never);
    } catch (error) {
      thrown = error;
    }
    expect(AiSdkAdapterError).toBe(AdapterError);
    expect(AiSdkAdapterError.isInstance(thrown)).toBe(true);
    expect(thrown).toBeInstanceOf(AiSdkAdapterError);
    expect(thrown).toMatchObject({ code: "invalid-argument", provider: "ai-sdk" });
  });
});
