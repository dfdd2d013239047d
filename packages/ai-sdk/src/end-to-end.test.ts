import { createOpenAI } from "@ai-sdk/openai";
import {
  conversationInstructions,
  firstPrefixBreak,
  openAIResponseEvents,
  runServedConversation,
  shellOutput,
  shellTool,
  userTurns,
} from "@ctx/adapter-testing";
import { jsonSchema, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { fromStreamText } from "./from-stream-text.js";
import { toPrompt } from "./to-prompt.js";

describe("toPrompt through the AI SDK's streamText and its OpenAI provider", () => {
  it("runs three turns with a settings change and a tool call, each request extending the last", async () => {
    const tools = {
      shell: tool({
        description: shellTool.description,
        inputSchema: jsonSchema<{ command: string[] }>(shellTool.parameters),
        // Typing the output lets a tool without `execute` fit `ToolSet` under exactOptionalPropertyTypes.
        outputSchema: jsonSchema<string>({ type: "string" }),
      }),
    };

    const exchanges = await runServedConversation(
      (_request, index) => openAIResponseEvents(index),
      (url) => {
        const provider = createOpenAI({ apiKey: "test", baseURL: `${url}/v1` });
        return async (request) => {
          const result = streamText({
            model: provider.responses("gpt-test"),
            tools,
            maxRetries: 0,
            ...toPrompt(request),
          });
          const { items, usage } = await fromStreamText(result);
          return { output: items, usage };
        };
      },
    );

    const inputs = exchanges.map(({ body }) => body.input as unknown[]);
    expect(exchanges.every(({ path }) => path === "/v1/responses")).toBe(true);
    // The server reports 105 tokens each time; after the call, the session adds its count of
    // the output it stands in for the call until the tool's output is recorded.
    expect(exchanges.map(({ tokenUsage }) => [tokenUsage.source, tokenUsage.used])).toEqual([
      ["reported", 105],
      ["reported", 107],
      ["reported", 105],
      ["reported", 105],
    ]);
    expect(firstPrefixBreak(inputs)).toBeUndefined();
    for (const [index, { request }] of exchanges.entries()) {
      const prompt = toPrompt(request);
      // The provider sends each instruction, then each message, as one input item.
      expect(inputs[index]?.length).toBeGreaterThanOrEqual(
        prompt.instructions.length + prompt.messages.length,
      );
      expect(inputs[index]?.slice(0, prompt.instructions.length)).toEqual(
        prompt.instructions.map(({ role, content }) => ({ role, content })),
      );
    }
    const last = inputs[3] ?? [];
    expect(last[0]).toEqual({ role: "system", content: conversationInstructions });
    const hello = last.findIndex((item) => JSON.stringify(item).includes('"Hello."'));
    const settings = last.findIndex(
      (item, index) =>
        index > hello && JSON.stringify(item).includes('"content":"<permissions instructions>'),
    );
    expect(hello).toBeGreaterThan(0);
    expect(settings).toBeGreaterThan(hello);
    expect((last[settings] as { role: string }).role).toBe("system");
    const user = (text: string) => ({ role: "user", content: [{ type: "input_text", text }] });
    expect(last.slice(-5)).toEqual([
      user(userTurns[1]),
      {
        type: "function_call",
        call_id: "call_1",
        name: "shell",
        arguments: '{"command":["ls"]}',
      },
      { type: "function_call_output", call_id: "call_1", output: shellOutput },
      // The OpenAI provider of ai 7.0.0 sends the text as a list of parts; later ones as a string.
      {
        role: "assistant",
        content: expect.toBeOneOf([
          "There are two entries.",
          [{ type: "output_text", text: "There are two entries." }],
        ]),
      },
      user(userTurns[2]),
    ]);
  });
});
