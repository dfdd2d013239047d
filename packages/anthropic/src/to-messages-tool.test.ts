import type { Tool } from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError } from "@ctx/protocol";
import { describe, expect, expectTypeOf, it } from "vitest";
import { toMessagesTool } from "./to-messages-tool.js";

const definition = {
  name: "recall",
  description: "Reads back.",
  parameters: { type: "object", properties: { text: { type: "string" } } },
};

describe("toMessagesTool", () => {
  it("gives the definition as a Messages API tool, of the SDK's own type", () => {
    const tool = toMessagesTool(definition);
    expect(tool).toEqual({
      name: "recall",
      description: "Reads back.",
      input_schema: definition.parameters,
    });
    expectTypeOf(tool).toExtend<Tool>();
  });

  it("refuses a definition Claude would refuse", () => {
    expect(() => toMessagesTool({ ...definition, parameters: { type: "string" } })).toThrow(
      /parameters\.type: expected "object"/,
    );
    expect(() => toMessagesTool({ ...definition, name: "" })).toThrow(AdapterError);
  });
});
