import { createOpenAI } from "@ai-sdk/openai";
import {
  createOpenAICache,
  openAITextResponse,
  runCachedCompaction,
  shellTool,
} from "@ctx/adapter-testing";
import type { Summarizer } from "@ctx/protocol";
import { generateText, jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { createAiSdkSummarizer } from "./create-ai-sdk-summarizer.js";
import { fromGenerateText } from "./from-generate-text.js";
import { toPrompt } from "./to-prompt.js";

const tools = {
  shell: tool({
    description: shellTool.description,
    inputSchema: jsonSchema<{ command: string[] }>(shellTool.parameters),
    // Typing the output lets a tool without `execute` fit `ToolSet` under exactOptionalPropertyTypes.
    outputSchema: jsonSchema<string>({ type: "string" }),
  }),
};
const providerOptions = { openai: { promptCacheKey: "session-1" } };

/** Two turns through generateText and the AI SDK's OpenAI provider, then `summarizer`'s summary. */
const compactWith = (
  summarizer: (model: ReturnType<ReturnType<typeof createOpenAI>["responses"]>) => Summarizer,
) => {
  const reported: (number | undefined)[] = [];
  return runCachedCompaction({
    cache: createOpenAICache(),
    answer: openAITextResponse,
    connect: (url) => {
      const model = createOpenAI({ apiKey: "test", baseURL: `${url}/v1` }).responses("gpt-test");
      return {
        send: async (request) => {
          const result = await generateText({
            model,
            tools,
            providerOptions,
            maxRetries: 0,
            ...toPrompt(request),
          });
          const { items, usage } = fromGenerateText(result);
          reported.push(usage?.cachedInputTokens);
          return items;
        },
        summarizer: summarizer(model),
      };
    },
  }).then((compaction) => ({ ...compaction, reported }));
};

describe("createAiSdkSummarizer through generateText and the AI SDK's OpenAI provider", () => {
  it("sends the turns' tools and cache key, so the summary request reads the prefix they cached", async () => {
    const compaction = await compactWith((model) =>
      createAiSdkSummarizer({ model, tools, providerOptions, maxRetries: 0 }),
    );
    const [, turn, summary] = compaction.received;
    expect(summary?.body.tools).toEqual(turn?.body.tools);
    expect(summary?.body.prompt_cache_key).toBe("session-1");
    expect(compaction.warnings).toEqual([]);
    const [, turnCached = 0, summaryCached = 0] = compaction.cachedTokens;
    const turnPrompt = compaction.promptTokens[1] ?? 0;
    expect(turnCached).toBeGreaterThan(0);
    // The summary request continues the second turn's: it reads that whole prompt, down to the
    // provider's 128-token step.
    expect(summaryCached).toBe(1024 + Math.floor((turnPrompt - 1024) / 128) * 128);
    // The adapter reads the cache hits the provider reported back as the session's usage.
    expect(compaction.reported).toEqual([0, turnCached]);
  });

  it("reads nothing from the cache when the summary request leaves the tools out", async () => {
    const compaction = await compactWith((model) =>
      createAiSdkSummarizer({ model, providerOptions, maxRetries: 0 }),
    );
    expect(compaction.cachedTokens.at(-1)).toBe(0);
  });
});
