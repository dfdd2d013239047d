import type { SummaryRequest } from "@ctx/protocol";
import type { CompactionState } from "@ctx/registry";

/**
 * What a summarizer answers: the summary's text, or the text and a typed state beside it
 * (`CompactionState` of `@ctx/registry`, checked against its schema; a state that fails the
 * check is left out with a warning, the text still used).
 */
export type SummaryAnswer =
  | string
  | { readonly text: string; readonly state?: CompactionState | undefined };

/**
 * A summarizer the session accepts: a `Summarizer` of `@ctx/protocol` (which answers a text), or
 * one that may hand back a typed state beside the text. Same request, signal and failures.
 */
export type StateSummarizer = (
  request: SummaryRequest,
  options: { readonly signal: AbortSignal },
) => Promise<SummaryAnswer>;
