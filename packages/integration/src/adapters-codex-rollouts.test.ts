import { readFileSync } from "node:fs";
import { toPrompt } from "@ctx/ai-sdk";
import { toMessagesParams } from "@ctx/anthropic";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { toChatCompletionsParams, toResponsesParams } from "@ctx/openai";
import { parseResponseItem, type ResponseItem, responseItemSchema } from "@ctx/protocol";
import { describe, expect, it } from "vitest";

/** Every response item of a Codex rollout that @ctx knows, in order. */
function readItems(name: string): ResponseItem[] {
  const items: ResponseItem[] = [];
  for (const line of readFileSync(codexRolloutPath(name), "utf8").split("\n")) {
    if (line === "") continue;
    const record = JSON.parse(line) as { type: string; payload: unknown };
    if (record.type !== "response_item") continue;
    if (responseItemSchema.safeParse(record.payload).success) {
      items.push(parseResponseItem(record.payload));
    }
  }
  return items;
}

describe.each(codexRolloutNames)("the adapters on the Codex rollout %s", (name) => {
  const items = readItems(name);
  const request = { instructions: "Base instructions.", input: items };
  const without = (...types: string[]) => items.filter((item) => !types.includes(item.type));

  it("sends the Responses API every item but reasoning Codex recorded without an id", () => {
    expect(items.length).toBeGreaterThan(0);
    const sent = items.filter((item) => item.type !== "reasoning" || item.id !== undefined);
    const { input } = toResponsesParams(request);
    expect(input.map((item) => item.type)).toEqual(sent.map((item) => item.type));
  });

  it("sends to Chat Completions everything but reasoning, tool calls joining their message", () => {
    const { messages } = toChatCompletionsParams({ ...request, input: without("compaction") });
    const toolOutputs = items.filter((item) => item.type.endsWith("_output")).length;
    expect(messages.filter((message) => message.role === "tool")).toHaveLength(toolOutputs);
  });

  it("sends Claude every call and output as tool_use and tool_result blocks", () => {
    const { messages } = toMessagesParams({ ...request, input: without("compaction") });
    const blocks = messages.flatMap((message) =>
      Array.isArray(message.content) ? message.content : [],
    );
    const calls = items.filter((item) => item.type.endsWith("_call")).length;
    expect(blocks.filter((block) => block.type === "tool_use")).toHaveLength(calls);
    expect(
      messages.slice(1).every((message, index) => message.role !== messages[index]?.role),
    ).toBe(true);
  });

  it("gives the AI SDK every output with the name of its tool", () => {
    const prompt = toPrompt({ ...request, input: without("compaction") });
    const results = prompt.messages.flatMap((message) =>
      message.role === "tool" ? message.content : [],
    );
    const outputs = items.filter((item) => item.type.endsWith("_output")).length;
    expect(results).toHaveLength(outputs);
  });
});
