import { describe, expect, it } from "vitest";
import { safeParseModelInput } from "./model-input.js";

describe("safeParseModelInput", () => {
  it("returns the value itself, with the fields it does not read", () => {
    const value = {
      instructions: "Be brief.",
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "Hi." }] }],
      warnings: [],
      tools: [],
    };
    const result = safeParseModelInput(value);
    expect(result.success && result.modelInput).toBe(value);
  });

  it("names the offending path inside an item", () => {
    const result = safeParseModelInput({
      instructions: "",
      input: [{ type: "function_call", name: "shell", arguments: "{}" }],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.message).toMatch(/^invalid model input: input\[0\]\.call_id: /);
  });

  it("refuses values without instructions or input", () => {
    for (const value of [undefined, null, "text", { input: [] }, { instructions: "" }]) {
      expect(safeParseModelInput(value).success).toBe(false);
    }
  });
});
