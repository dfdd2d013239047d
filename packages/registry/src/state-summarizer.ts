import type { SummaryRequest } from "@ctx/protocol";
import type { CompactionState } from "./catalogue/compaction-state.js";

/**
 * What a summarizer answers: the summary's text, or the text and a typed state beside it
 * (`CompactionState`, checked against `compactionStateSchema`; a state that fails the check is
 * left out with a warning, the text still used). `stateProblem` says why a summarizer that asked
 * its model for a state has none to give (the session puts it in that warning).
 */
export type SummaryAnswer =
  | string
  | {
      readonly text: string;
      readonly state?: CompactionState | undefined;
      readonly stateProblem?: string | undefined;
    };

/**
 * A summarizer `@ctx/session` accepts: a `Summarizer` of `@ctx/protocol` (which answers a text),
 * or one that may hand back a typed state beside the text. Same request, signal and failures.
 */
export type StateSummarizer = (
  request: SummaryRequest,
  options: { readonly signal: AbortSignal },
) => Promise<SummaryAnswer>;
