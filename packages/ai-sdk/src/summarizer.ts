import type { ModelRequestShape } from "./model-request-shape.js";

/**
 * Writes the summary of a compaction: given the request to send (the history, then the
 * compaction prompt as a user message), it resolves to the model's text. The shape of
 * `@ctx/session`'s summarizer.
 */
export type Summarizer = (
  request: ModelRequestShape,
  options: { readonly signal: AbortSignal },
) => Promise<string>;
