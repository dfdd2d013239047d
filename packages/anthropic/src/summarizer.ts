import type { ModelInput } from "@ctx/protocol";

/**
 * Writes the summary of a compaction: given the request to send (the history, then the
 * compaction prompt as a user message), it resolves to the model's text. The shape of
 * `@ctx/session`'s summarizer.
 */
export type Summarizer = (
  request: ModelInput,
  options: { readonly signal: AbortSignal },
) => Promise<string>;
