import type { HistoryEntry } from "../history/origin.js";
import type { SessionParts } from "../session-parts.js";
import { sentRequestPrefix } from "../turn/sent-request.js";
import { compactionRecord } from "./compaction-checkpoint.js";
import type { CompactionReport, CompactionTrigger } from "./compaction-report.js";
import { prepareCompaction } from "./prepare-compaction.js";

/** What a compaction is asked for: who summarizes, and what it installs or places. */
export interface CompactionAsk {
  /** The model that writes the summary, and its base instructions. */
  readonly model: string;
  readonly instructions: string;
  /** Whether the requests carry images: the view the compaction reads and counts. */
  readonly imageInput: boolean;
  /** A provider's compacted history to install instead of a summary. */
  readonly replacement?: readonly HistoryEntry[] | undefined;
  readonly guidance?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** The base instructions the compacted history goes on with; the session's when omitted. */
  readonly baseInstructions?: string | undefined;
  /**
   * The signal of the turn the compaction runs in: it stops the summarizer as `signal` does, and
   * once it has aborted the compaction commits nothing and rejects with its reason.
   */
  readonly turnSignal?: AbortSignal | undefined;
  /** The current turn's turn state, for a mid-turn compaction: its full context is placed. */
  readonly turnState?: Readonly<Record<string, unknown>>;
}

/**
 * Compacts the history: summarizes it (or installs `ask.replacement`), places the full current
 * context (mid-turn, from `ask.turnState`) or clears the baseline, keeps the leading items of
 * the last request sent, commits the checkpoint and reports what changed.
 *
 * @throws the reason of `ask.turnSignal` once it has aborted: nothing is committed then.
 */
export async function runCompaction(
  parts: SessionParts,
  trigger: CompactionTrigger,
  ask: CompactionAsk,
): Promise<CompactionReport> {
  const { state, options, tokens, models } = parts;
  const usedTokens = () => tokens.usage(state, models, ask.imageInput).used;
  const before = state.prompt.view({ imageInput: ask.imageInput }).items;
  const tokensBefore = usedTokens();
  const { checkpoint, warnings } = await prepareCompaction({
    ...ask,
    signal: ask.signal ?? ask.turnSignal,
    state,
    items: before,
    summarizer: options.summarizer,
    options: options.compaction ?? {},
    envelopeOptions: parts.envelopeOptions,
    tokenizer: tokens.tokenizer,
  });
  const sent = parts.requests.previous(ask.imageInput);
  const kept =
    sent === undefined
      ? checkpoint
      : { ...checkpoint, lastRequest: sentRequestPrefix(sent, checkpoint.entries.length) };
  ask.turnSignal?.throwIfAborted();
  await parts.commit([compactionRecord(kept, trigger)]);
  const after = state.prompt.view({ imageInput: ask.imageInput }).items;
  return {
    trigger,
    itemsBefore: before.length,
    itemsAfter: after.length,
    tokensBefore,
    tokensAfter: usedTokens(),
    warnings,
  };
}
