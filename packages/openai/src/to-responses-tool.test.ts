import { AdapterError } from "@ctx/protocol";
import type { FunctionTool } from "openai/resources/responses/responses";
import { describe, expect, expectTypeOf, it } from "vitest";
import { toResponsesTool } from "./to-responses-tool.js";

const definition = {
  name: "recall",
  description: "Reads back.",
  parameters: { type: "object", properties: { text: { type: "string" } } },
};

describe("toResponsesTool", () => {
  it("gives the definition as a Responses API function tool, of the SDK's own type", () => {
    const tool = toResponsesTool(definition);
    expect(tool).toEqual({ type: "function", ...definition, strict: false });
    expectTypeOf(tool).toExtend<FunctionTool>();
  });

  it("refuses a definition the API would refuse", () => {
    expect(() => toResponsesTool({ ...definition, name: "two words" })).toThrow(AdapterError);
    expect(() => toResponsesTool(undefined as never)).toThrow(/definition/);
  });
});
