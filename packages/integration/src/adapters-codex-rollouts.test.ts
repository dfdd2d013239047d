import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { toPrompt } from "@ctx/ai-sdk";
import { toMessagesParams } from "@ctx/anthropic";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { toChatCompletionsParams, toResponsesParams } from "@ctx/openai";
import {
  type ModelInput,
  parseResponseItem,
  type ResponseItem,
  responseItemSchema,
} from "@ctx/protocol";
import { deepFreeze } from "@ctx/protocol/internal";
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

/**
 * The SHA-256 (first 16 hex digits) of `JSON.stringify` of each mapping's result on each rollout,
 * recorded with the mappings as they were before they kept their conversions between calls.
 */
const recorded: Record<string, Record<string, string>> = {
  "cli-0.58-env-context.jsonl": {
    responses: "8e9fe737221c1740",
    responsesDeveloper: "e626806f839774f2",
    chat: "c3db95908cdfc3c5",
    anthropic: "cd373c486fc4cb78",
    anthropicSystem: "30bb91000a0d00e2",
    aiSdk: "63ca0a9ae1583401",
  },
  "cli-0.79-agents-md.jsonl": {
    responses: "50b2688709ef3c00",
    responsesDeveloper: "b348da3b2e565e1f",
    chat: "49a4759339075b64",
    anthropic: "15294d457e5031c4",
    anthropicSystem: "673d49c44ebd8c18",
    aiSdk: "228d7eb1fc177690",
  },
  "desktop-0.144-aborted-rollback-compaction.jsonl": {
    responses: "640695cc1b991ac5",
    responsesDeveloper: "16c597511940fd9e",
    chat: "c49a35871daf04d1",
    anthropic: "83475896fbc3d929",
    anthropicSystem: "a289a47f99d10024",
    aiSdk: "ac78a235d3a1ae27",
  },
  "desktop-0.144-model-switch-compaction.jsonl": {
    responses: "70330ca1b9461e1c",
    responsesDeveloper: "891854a498383970",
    chat: "e8cf3f1bdd9702ee",
    anthropic: "e979ed788e2d2bd0",
    anthropicSystem: "111abf7c184abef8",
    aiSdk: "5721ffb342096bb1",
  },
  "desktop-0.144-subagent-fork.jsonl": {
    responses: "807b421a9789969d",
    responsesDeveloper: "1f4935d1aceda825",
    chat: "0dfce891c734776d",
    anthropic: "fdcfb3678d360591",
    anthropicSystem: "0a5c0eea1026638a",
    aiSdk: "599ff1a9d7951c48",
  },
};

const digest = (value: unknown): string =>
  createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

/** Each mapping under test, by the name its recorded digest has. */
const mappings: Record<string, (request: ModelInput) => unknown> = {
  responses: (request) => toResponsesParams(request, { promptCacheKey: "k" }),
  responsesDeveloper: (request) =>
    toResponsesParams(request, { instructionsAs: "developer-message" }),
  chat: (request) => toChatCompletionsParams(request),
  anthropic: (request) => toMessagesParams(request),
  anthropicSystem: (request) =>
    toMessagesParams(request, { developerMessages: "system-messages", cacheControl: false }),
  aiSdk: (request) => toPrompt(request),
};

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

  it.each(Object.keys(mappings))(
    "maps it as before, whole and as a session's requests grow (%s)",
    (mapping) => {
      const map = mappings[mapping] ?? (() => undefined);
      const input = mapping.startsWith("responses") ? items : without("compaction");
      // Fresh copies each time, so nothing is kept between these calls.
      const fresh = (count: number) =>
        map({ instructions: request.instructions, input: structuredClone(input.slice(0, count)) });
      expect(digest(fresh(input.length))).toBe(recorded[name]?.[mapping]);
      // Frozen items, as a session holds them, in requests that grow: the kept conversions
      // must give what a fresh mapping gives at every size.
      const frozen = deepFreeze(structuredClone(input));
      const steps = 8;
      for (let step = 1; step <= steps; step += 1) {
        const count = Math.max(1, Math.round((input.length * step) / steps));
        const grown = map({ instructions: request.instructions, input: frozen.slice(0, count) });
        expect(digest(grown)).toBe(digest(fresh(count)));
      }
    },
  );
});
