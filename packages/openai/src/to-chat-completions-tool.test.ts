import { AdapterError } from "@ctx/protocol";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import { describe, expect, expectTypeOf, it } from "vitest";
import { toChatCompletionsTool } from "./to-chat-completions-tool.js";

const definition = {
  name: "recall",
  description: "Reads back.",
  parameters: { type: "object", properties: { text: { type: "string" } } },
};

describe("toChatCompletionsTool", () => {
  it("gives the definition as a Chat Completions function tool, of the SDK's own type", () => {
    const tool = toChatCompletionsTool(definition);
    expect(tool).toEqual({ type: "function", function: definition });
    expectTypeOf(tool).toExtend<ChatCompletionTool>();
  });

  it("refuses a definition the API would refuse", () => {
    expect(() => toChatCompletionsTool({ ...definition, parameters: [] as never })).toThrow(
      AdapterError,
    );
    expect(() => toChatCompletionsTool(undefined as never)).toThrow(/definition/);
  });
});
