import type { CompactionState } from "@ctx/registry";
import { defaultOrigin, type HistoryEntry } from "../history/origin.js";
import type { CompactionPayload, SessionRecord } from "../log/session-records.js";
import type { SentRequest } from "../turn/sent-request.js";
import type { Snapshots } from "../turn/snapshots.js";
import type { CompactionTrigger } from "./compaction-report.js";
import type { contextPosition } from "./context-position.js";

/**
 * Everything a session is after a compaction, as its `compaction` rollout record holds it, so a
 * resume can start there and reach the live session's state.
 */
export interface CompactionCheckpoint {
  /** The history that replaced the old one. */
  readonly entries: readonly HistoryEntry[];
  /** The snapshots the model was last shown (kept across a compaction, though not sent). */
  readonly snapshots: Snapshots;
  /** Whether the next request sends the full context (the baseline is cleared). */
  readonly fullContext: boolean;
  /**
   * Where that full context goes: just before the last message of the user's kept, as Codex
   * 0.171 places it ({@link contextPosition}); absent in rollouts written before that rule,
   * whose context went in front of the compacted history, as Codex 0.169 laid it out, and which
   * replay as they were sent.
   */
  readonly contextPlacement?: "before-last-user-message";
  readonly turnCount: number;
  readonly model: string | undefined;
  readonly baseInstructions: string | undefined;
  /**
   * What the compaction kept of the last request sent before it, so the first request after a
   * resume from the checkpoint is compared with it (absent when none was sent, and in rollouts
   * written before it was kept).
   */
  readonly lastRequest?: SentRequest;
  /**
   * The typed state the compaction kept beside its summary, merged from the previous one's;
   * absent in rollouts written before it was kept (the next compaction then starts afresh).
   */
  readonly compactionState?: CompactionState;
}

/** The checkpoint a `compaction` record holds: each item with the origin at its index. */
export function checkpointOf(payload: CompactionPayload): CompactionCheckpoint {
  const { replacementHistory, origins, lastRequest, compactionState } = payload;
  return {
    entries: replacementHistory.map((item, index) => ({
      item,
      origin: origins[index] ?? defaultOrigin(item),
    })),
    snapshots: payload.snapshots,
    fullContext: payload.fullContext,
    ...(payload.contextPlacement === undefined
      ? {}
      : { contextPlacement: payload.contextPlacement }),
    turnCount: payload.turnCount,
    model: payload.model,
    baseInstructions: payload.baseInstructions,
    ...(lastRequest === undefined
      ? {}
      : {
          lastRequest: {
            items: lastRequest.items,
            origins: lastRequest.origins.map((origin) => origin ?? undefined),
          },
        }),
    ...(compactionState === undefined ? {} : { compactionState }),
  };
}

/** The `compaction` record of `checkpoint`, made by `trigger`. */
export function compactionRecord(
  checkpoint: CompactionCheckpoint,
  trigger: CompactionTrigger,
): SessionRecord {
  const {
    entries,
    snapshots,
    fullContext,
    contextPlacement,
    turnCount,
    model,
    baseInstructions,
    lastRequest,
    compactionState,
  } = checkpoint;
  return {
    type: "compaction",
    payload: {
      trigger,
      replacementHistory: entries.map((entry) => entry.item),
      origins: entries.map((entry) => entry.origin),
      snapshots,
      fullContext,
      ...(contextPlacement === undefined ? {} : { contextPlacement }),
      turnCount,
      ...(model === undefined ? {} : { model }),
      ...(baseInstructions === undefined ? {} : { baseInstructions }),
      ...(lastRequest === undefined
        ? {}
        : {
            lastRequest: {
              items: lastRequest.items,
              origins: lastRequest.origins.map((origin) => origin ?? null),
            },
          }),
      ...(compactionState === undefined ? {} : { compactionState }),
    },
  };
}
