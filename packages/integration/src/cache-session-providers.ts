import { toMessagesParams } from "@ctx/anthropic";
import { createAnthropicCache, createOpenAICache } from "@ctx/cache-simulator";
import { toResponsesParams } from "@ctx/openai";
import type { Tokenizer } from "@ctx/session";
import type { CacheSessionProvider } from "./provider-cache-session.js";

/** The scripted agent's tools, by name and description. */
const descriptions: Readonly<Record<string, string>> = {
  shell: "Runs a command in the repository.",
  read_file: "Reads a file of the repository.",
  apply_patch: "Applies a patch to the repository.",
};
const tools = (names: readonly string[]) =>
  names.map((name) => ({ name, description: descriptions[name] ?? name }));
const schema = { type: "object", properties: { path: { type: "string" } } };

/**
 * Claude through `@ctx/anthropic`'s mapping with its default breakpoints, on a simulated
 * Anthropic cache that counts tokens with `tokenizer`.
 */
export function anthropicCacheProvider(tokenizer: Tokenizer): CacheSessionProvider {
  return {
    models: ["claude-sonnet-4-5", "claude-sonnet-4-6"],
    cache: createAnthropicCache({ countTokens: (text) => tokenizer.count(text) }),
    tools: (names) => tools(names).map((tool) => ({ ...tool, input_schema: schema })),
    body: (request, model, sent) => ({ model, tools: sent, ...toMessagesParams(request) }),
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
    tools: (names) =>
      tools(names).map((tool) => ({ type: "function", ...tool, parameters: schema })),
    promptCacheKey: "cache-session",
    body: (request, model, sent) => ({
      model,
      tools: sent,
      ...toResponsesParams(request, { promptCacheKey: "cache-session" }),
    }),
  };
}
