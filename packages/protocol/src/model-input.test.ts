import { describe, expect, it } from "vitest";
import { modelInputSchema } from "./model-input.js";
import { toSchemaIssues } from "./schema-issue.js";

describe("modelInputSchema", () => {
  it("accepts a request with fields it does not read", () => {
    const value = {
      instructions: "Be brief.",
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "Hi." }] }],
      warnings: [],
      tools: [],
    };
    expect(modelInputSchema.safeParse(value).success).toBe(true);
  });

  it("names the offending path inside an item", () => {
    const result = modelInputSchema.safeParse({
      instructions: "",
      input: [{ type: "function_call", name: "shell", arguments: "{}" }],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toSchemaIssues(result.error).map((issue) => issue.path)).toEqual(["input[0].call_id"]);
  });

  it("refuses values without instructions or input", () => {
    for (const value of [undefined, null, "text", { input: [] }, { instructions: "" }]) {
      expect(modelInputSchema.safeParse(value).success).toBe(false);
    }
  });
});
