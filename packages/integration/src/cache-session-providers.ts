import { toMessagesParams } from "@ctx/anthropic";
import { createAnthropicCache, createOpenAICache } from "@ctx/cache-simulator";
import { toResponsesParams } from "@ctx/openai";
import type { Tokenizer } from "@ctx/session";
import type { CacheSessionProvider } from "./provider-cache-session.js";

/** The scripted agent's two tools, by name and description. */
const tools = [
  { name: "shell", description: "Runs a command in the repository." },
  { name: "read_file", description: "Reads a file of the repository." },
];
const schema = { type: "object", properties: { path: { type: "string" } } };

/**
 * Claude through `@ctx/anthropic`'s mapping with its default breakpoints, on a simulated
 * Anthropic cache that counts tokens with `tokenizer`.
 */
export function anthropicCacheProvider(tokenizer: Tokenizer): CacheSessionProvider {
  return {
    models: ["claude-sonnet-4-5", "claude-sonnet-4-6"],
    cache: createAnthropicCache({ countTokens: (text) => tokenizer.count(text) }),
    body: (request, model) => ({
      model,
      tools: tools.map((tool) => ({ ...tool, input_schema: schema })),
      ...toMessagesParams(request),
    }),
  };
}

/**
 * A GPT model through `@ctx/openai`'s Responses mapping with the session's cache key, on a
 * simulated OpenAI cache that counts tokens with `tokenizer`.
 */
export function openAICacheProvider(tokenizer: Tokenizer): CacheSessionProvider {
  return {
    models: ["gpt-5.1", "gpt-5-mini"],
    cache: createOpenAICache({ countTokens: (text) => tokenizer.count(text) }),
    body: (request, model) => ({
      model,
      tools: tools.map((tool) => ({ type: "function", ...tool, parameters: schema })),
      ...toResponsesParams(request, { promptCacheKey: "cache-session" }),
    }),
  };
}
