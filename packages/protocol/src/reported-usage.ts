/**
 * What a provider reported of one response's usage, with one meaning whichever provider
 * answered. Each adapter's `reportedUsage` fills it from its provider's figures:
 *
 * - `inputTokens` is the request's whole input, read from the prompt cache or not. OpenAI's
 *   `input_tokens` / `prompt_tokens` already mean that; Anthropic's `input_tokens` leaves out
 *   what it read from or wrote to the cache, so its adapter adds those back.
 * - `cachedInputTokens` and `cacheWriteTokens` are the parts of `inputTokens` read from and
 *   written to the prompt cache.
 * - `outputTokens` is the whole answer, reasoning included; `reasoningTokens` is its reasoning.
 * - `totalTokens` is the input and the answer: what `session.reportUsage` compares with the
 *   model's limits.
 *
 * Every count is a whole number ≥ 0. Only `totalTokens` is required: a count the provider did
 * not report is absent, never a guessed 0.
 */
export interface ReportedUsage {
  /** The request's input and the answer (the Responses API's `usage.total_tokens`). */
  readonly totalTokens: number;
  /** The request's whole input, cache reads and writes included. */
  readonly inputTokens?: number;
  /** Of `inputTokens`, those read from the provider's prompt cache. */
  readonly cachedInputTokens?: number;
  /** Of `inputTokens`, those written to the provider's prompt cache. */
  readonly cacheWriteTokens?: number;
  /** The whole answer, reasoning included. */
  readonly outputTokens?: number;
  /** Of `outputTokens`, those the model spent reasoning. */
  readonly reasoningTokens?: number;
}
