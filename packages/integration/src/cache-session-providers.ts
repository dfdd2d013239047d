import { createBreakpointPlanner, toMessagesParams } from "@ctx/anthropic";
import { createAnthropicCache, createOpenAICache } from "@ctx/cache-simulator";
import { toResponsesParams } from "@ctx/openai";
import { defaultModelCatalog } from "@ctx/prompts";
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
  const countTokens = (text: string) => tokenizer.count(text);
  return {
    // The tools and the first `system` block (the base instructions), on a cache of their own.
    stableTokens: (body) =>
      createAnthropicCache({ countTokens }).serve({
        model: body.model,
        tools: body.tools,
        system: Array.isArray(body.system) ? body.system.slice(0, 1) : [],
        messages: [],
      }).totalTokens,
    models: ["claude-sonnet-4-5", "claude-sonnet-4-6"],
    cache: createAnthropicCache({ countTokens }),
    tools: (names) => tools(names).map((tool) => ({ ...tool, input_schema: schema })),
    body: (request, model, sent) => ({ model, tools: sent, ...toMessagesParams(request) }),
  };
}

/**
 * Claude through `@ctx/anthropic`'s mapping with `createBreakpointPlanner` placing the
 * breakpoints (priced from the default catalog; told of the idle gaps the script plans, or with
 * `foresee` left to foresee them from the requests' times), a new planner after a resume, on a
 * simulated Anthropic cache that counts tokens with `tokenizer`.
 */
export function plannedAnthropicCacheProvider(
  tokenizer: Tokenizer,
  { foresee = false }: { readonly foresee?: boolean } = {},
): CacheSessionProvider {
  const fixed = anthropicCacheProvider(tokenizer);
  const models = fixed.models;
  const pricing = defaultModelCatalog.get(models[0]).pricing;
  const newPlanner = () => createBreakpointPlanner(pricing === undefined ? {} : { pricing });
  let planner = newPlanner();
  let ttl: "5m" | "1h" = "5m";
  return {
    ...fixed,
    cacheTtl: (idleAfter) => {
      ttl = planner.ttl(foresee ? {} : { idleAhead: idleAfter > 5 && idleAfter <= 60 });
      return ttl;
    },
    restart: () => {
      planner = newPlanner();
    },
    body: (request, model, sent, { at }) => ({
      model,
      tools: sent,
      ...planner.plan(toMessagesParams(request, { cacheControl: false }), { at, ttl }),
    }),
  };
}

/**
 * A GPT model through `@ctx/openai`'s Responses mapping with the session's cache key, on a
 * simulated OpenAI cache that counts tokens with `tokenizer`.
 */
export function openAICacheProvider(tokenizer: Tokenizer): CacheSessionProvider {
  const countTokens = (text: string) => tokenizer.count(text);
  return {
    // The tools and the instructions, as the field or as the first developer message, as much
    // of them as the automatic cache reads back (in its 128-token steps): served twice.
    stableTokens: (body) => {
      const cache = createOpenAICache({ countTokens });
      const stable = {
        model: body.model,
        tools: body.tools,
        instructions: body.instructions,
        input:
          body.instructions === undefined && Array.isArray(body.input)
            ? body.input.slice(0, 1)
            : [],
      };
      cache.serve(stable);
      return cache.serve(stable).cachedTokens;
    },
    models: ["gpt-5.1", "gpt-5-mini"],
    cache: createOpenAICache({ countTokens }),
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

/**
 * A GPT-5.6 model through `@ctx/openai`'s Responses mapping in explicit prompt caching mode (12
 * hours; the base instructions sent as the first developer message, so a breakpoint can keep
 * them and the tools across a compaction), on a simulated OpenAI cache.
 */
export function explicitOpenAICacheProvider(tokenizer: Tokenizer): CacheSessionProvider {
  return {
    ...openAICacheProvider(tokenizer),
    models: ["gpt-5.6-sol", "gpt-5.6-luna"],
    cacheTtl: () => "12h",
    body: (request, model, sent) => ({
      model,
      tools: sent,
      ...toResponsesParams(request, {
        promptCacheKey: "cache-session",
        instructionsAs: "developer-message",
        promptCache: { mode: "explicit", ttl: "12h" },
      }),
    }),
  };
}
