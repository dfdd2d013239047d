import type { ResponseItem } from "@ctx/protocol";
import type { CompactionState, StateSummarizer } from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import type { HistoryEntry } from "../history/origin.js";
import { recallSummaryNote } from "../recall/recall-summary-note.js";
import type { Tokenizer } from "../tokens/tokenizer.js";
import { buildCompactedHistory } from "./build-compacted-history.js";
import { buildFallbackSummary } from "./build-fallback-summary.js";
import {
  type CompactionOptions,
  defaultSummaryTimeout,
  resolvePruneOptions,
} from "./compaction-options.js";
import { keepCompactionState } from "./keep-compaction-state.js";
import { pruneToolOutputs } from "./prune-tool-outputs.js";
import { stateEntry } from "./state-entry.js";
import { summarizeHistory } from "./summarize-history.js";

/** What {@link summarizeForCompaction} works from. */
export interface LocalCompactionInput {
  /** The history with origins (what is kept). */
  readonly entries: readonly HistoryEntry[];
  /** The history as sent (what is summarized). */
  readonly items: readonly ResponseItem[];
  readonly summarizer: StateSummarizer | undefined;
  readonly options: CompactionOptions;
  /** Guidance for this compaction alone, after the session's. */
  readonly guidance: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly model: string;
  readonly instructions: string;
  readonly tokenizer: Tokenizer;
  /** The typed state of the previous compaction, merged into this one's. */
  readonly previousState: CompactionState | undefined;
}

/**
 * The compacted history of a local compaction: the history summarized (old tool outputs pruned
 * first when asked), or a fallback summary of the session's own when the summarizer gives none,
 * behind the user's kept messages; with every cut as a warning. Beside it, the typed state the
 * compaction keeps ({@link keepCompactionState}), shown just before the summary when
 * `options.renderState` asks.
 */
export async function summarizeForCompaction(
  input: LocalCompactionInput,
): Promise<{ entries: HistoryEntry[]; warnings: CtxWarning[]; state: CompactionState }> {
  const warnings: CtxWarning[] = [];
  const prune = resolvePruneOptions(input.options);
  let items = [...input.items];
  if (prune !== undefined) {
    const pruned = pruneToolOutputs(items, input.tokenizer, prune);
    items = pruned.items;
    warnings.push(...pruned.warnings);
  }
  let summary: string | undefined;
  let given: CompactionState | undefined;
  if (input.summarizer === undefined) {
    warnings.push({
      code: "no-summarizer",
      message:
        "the session has no summarizer, so it wrote a fallback summary from the history itself",
    });
  } else {
    const guidance = [input.options.guidance, input.guidance]
      .filter((text) => text !== undefined && text.trim() !== "")
      .join("\n");
    const outcome = await summarizeHistory(items, {
      summarizer: input.summarizer,
      model: input.model,
      instructions: input.instructions,
      guidance: guidance === "" ? undefined : guidance,
      timeout: input.options.summaryTimeout ?? defaultSummaryTimeout,
      signal: input.signal,
    });
    summary = outcome.summary;
    if (outcome.summary !== undefined) given = outcome.state;
    warnings.push(...outcome.warnings);
  }
  const written = summary ?? buildFallbackSummary(input.entries);
  const { recallTool } = input.options;
  const compacted = buildCompactedHistory(
    input.entries,
    recallTool === undefined ? written : `${written}\n\n${recallSummaryNote(recallTool)}`,
  );
  const state = keepCompactionState(input.previousState, input.entries, given);
  const entries =
    input.options.renderState === true
      ? [...compacted.entries.slice(0, -1), stateEntry(state), ...compacted.entries.slice(-1)]
      : compacted.entries;
  return { entries, warnings: [...warnings, ...compacted.warnings], state };
}
