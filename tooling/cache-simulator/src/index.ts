export { type AnthropicCacheOptions, createAnthropicCache } from "./anthropic-cache.js";
export {
  type AnthropicTtl,
  anthropicMinimumTokens,
  anthropicRules,
  openAIRules,
} from "./cache-rules.js";
export { createOpenAICache } from "./openai-cache.js";
export type { CacheUsage, ProviderCache, ProviderCacheOptions } from "./provider-cache.js";
