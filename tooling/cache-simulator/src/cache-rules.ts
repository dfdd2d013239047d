/**
 * Anthropic's prompt-cache rules, as its prompt caching guide states them
 * (https://platform.claude.com/docs/en/build-with-claude/prompt-caching, read 2026-12-07):
 * the prefix runs tools, then `system`, then the messages; at most four `cache_control`
 * breakpoints a request; from each breakpoint the cache is checked at the block boundaries up to
 * 20 blocks back; an entry lives 5 minutes (or 1 hour with `ttl: "1h"`) and every hit renews it;
 * a 1-hour entry must come before any 5-minute one; a prefix shorter than the model's minimum is
 * never written.
 */
export const anthropicRules = {
  maxBreakpoints: 4,
  lookbackBlocks: 20,
  ttlSeconds: { "5m": 300, "1h": 3600 },
} as const;

/** The cache lifetimes a `cache_control` breakpoint can ask for. */
export type AnthropicTtl = keyof typeof anthropicRules.ttlSeconds;

/**
 * The shortest prefix Anthropic writes for `model`, in tokens: 4,096 for Claude Opus 4.5 and 4.6
 * and Haiku 4.5, 2,048 for the Haiku 3 line, 1,024 for every other current model (Sonnet and Opus
 * 4.x, the 3.x line) and for a model the table does not know.
 */
export function anthropicMinimumTokens(model: string): number {
  if (/opus-4-[56]|haiku-4-5/.test(model)) return 4096;
  if (/haiku-3/.test(model)) return 2048;
  return 1024;
}

/**
 * OpenAI's prompt-cache rules, as its prompt caching guide states them
 * (https://developers.openai.com/api/docs/guides/prompt-caching, read 2026-12-07): automatic for
 * prompts of 1,024 tokens or more, on exact prefixes only; the cached part grows in 128-token
 * steps past the first 1,024; a request is routed by its `prompt_cache_key` (requests with
 * another key share nothing); an entry kept in memory is cleared after 5 to 10 minutes without
 * use (the simulator takes 5), one kept with `prompt_cache_retention: "24h"` lasts 24 hours.
 * Explicit mode (`prompt_cache_options: { mode: "explicit", ttl }`, GPT-5.6 and later, as the
 * `openai` SDK 7.59 documents it): only the prefixes that end at a `prompt_cache_breakpoint` are
 * kept, the latest four of a request, for `ttl` (30 minutes by default, or 12 hours), and matched
 * whole, with no 128-token rounding and no lookback limit.
 */
export const openAIRules = {
  minimumTokens: 1024,
  stepTokens: 128,
  retentionSeconds: { in_memory: 300, "24h": 86_400 },
  explicit: { maxBreakpoints: 4, ttlSeconds: { "30m": 1800, "12h": 43_200 } },
} as const;
