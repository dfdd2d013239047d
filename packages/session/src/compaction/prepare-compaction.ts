import type { ResponseItem } from "@ctx/protocol";
import type { StateSummarizer } from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import { buildInitialContext } from "../envelope/build-initial-context.js";
import { contextEntry } from "../envelope/context-entry.js";
import type { EnvelopeOptions } from "../envelope/context-message.js";
import type { HistoryEntry } from "../history/origin.js";
import { SessionState } from "../session-state.js";
import type { Tokenizer } from "../tokens/tokenizer.js";
import { evaluateSections } from "../turn/evaluate-sections.js";
import { type CompactionCheckpoint, compactionRecord } from "./compaction-checkpoint.js";
import { type CompactionOptions, defaultInjectedContextTokens } from "./compaction-options.js";
import { insertBeforeLastUserMessage } from "./insert-before-last-user-message.js";
import { keepCompactionState } from "./keep-compaction-state.js";
import { reinjectSurvivingContext } from "./reinject-surviving-context.js";
import { summarizeForCompaction } from "./summarize-for-compaction.js";

/** What {@link prepareCompaction} works from. */
export interface CompactionRequest {
  readonly state: SessionState;
  /** The history as the model is sent it now. */
  readonly items: readonly ResponseItem[];
  /** The model that writes the summary, and its base instructions. */
  readonly model: string;
  readonly instructions: string;
  /** A provider's compacted history to install instead of a summary. */
  readonly replacement?: readonly HistoryEntry[] | undefined;
  readonly guidance?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** The base instructions the compacted history goes on with; the session's when omitted. */
  readonly baseInstructions?: string | undefined;
  /** The current turn's turn state, for a mid-turn compaction: its full context is placed from them. */
  readonly turnState?: Readonly<Record<string, unknown>> | undefined;
  readonly summarizer: StateSummarizer | undefined;
  readonly options: CompactionOptions;
  readonly envelopeOptions: EnvelopeOptions;
  readonly tokenizer: Tokenizer;
}

/**
 * The state a compaction leaves, without changing `request.state`: the compacted history (a
 * summary's, or the replacement), placed as Codex 0.169 does. Mid-turn (with `turnState`), the full
 * current context goes just before the last message of the user's and becomes the baseline;
 * otherwise nothing is injected and the baseline is cleared, so the next request sends the full
 * context in front.
 */
export async function prepareCompaction(
  request: CompactionRequest,
): Promise<{ checkpoint: CompactionCheckpoint; warnings: CtxWarning[] }> {
  const { state } = request;
  const compacted =
    request.replacement === undefined
      ? await summarizeForCompaction({
          entries: state.entries,
          items: request.items,
          summarizer: request.summarizer,
          options: request.options,
          guidance: request.guidance,
          signal: request.signal,
          model: request.model,
          instructions: request.instructions,
          tokenizer: request.tokenizer,
          previousState: state.compactionState,
        })
      : {
          entries: [...request.replacement],
          warnings: [],
          // The provider's items stand alone: the state is kept in the record, not shown.
          state: keepCompactionState(state.compactionState, state.entries),
        };
  // What was recorded beside the turn state and declares it survives comes back after the summary.
  const surviving = reinjectSurvivingContext(state.entries, compacted.entries, {
    registry: state.registry,
    tokenizer: request.tokenizer,
    budget: request.options.injectedContextTokens ?? defaultInjectedContextTokens,
  });
  const warnings = [...compacted.warnings, ...surviving.warnings];
  const kept = {
    turnCount: state.turnCount,
    model: state.model,
    // New base instructions, sent so far as an update, take their place in the requests.
    baseInstructions: request.baseInstructions ?? state.baseInstructions,
    compactionState: compacted.state,
  };
  const cleared: CompactionCheckpoint = {
    ...kept,
    entries: surviving.entries,
    snapshots: state.snapshots,
    fullContext: true,
    contextPlacement: "before-last-user-message",
  };
  if (request.turnState === undefined) return { checkpoint: cleared, warnings };
  const scratch = new SessionState(state.registry);
  // Only mid-turn compactions place the context (the turn state is the running turn's).
  scratch.apply(compactionRecord(cleared, "mid-turn"));
  const { fragments, snapshots } = evaluateSections(scratch, request.turnState, true, warnings);
  const context = buildInitialContext(state.registry, fragments, request.envelopeOptions).map(
    contextEntry,
  );
  return {
    checkpoint: {
      ...kept,
      entries: insertBeforeLastUserMessage(surviving.entries, context),
      snapshots,
      fullContext: false,
    },
    warnings,
  };
}
