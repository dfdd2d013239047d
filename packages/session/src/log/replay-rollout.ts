import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol/internal";
import type { Registry } from "@ctx/registry";
import type { StoredRecord } from "@ctx/rollout";
import { SessionError } from "../session-error.js";
import { SessionState } from "../session-state.js";
import { sessionRecordSchema, sessionRecordTypes } from "./session-records.js";

/** A session's state rebuilt from its records, and where each turn's records begin. */
export interface Replay {
  readonly state: SessionState;
  /** The sequence of each `turn` record read, by turn index (from 1): where a fork cuts. */
  readonly turnSequences: ReadonlyMap<number, number>;
}

/**
 * Rebuilds a session from its rollout by applying each record as the live session did
 * ({@link SessionState.apply}): the history with its origins, the snapshots after each turn,
 * rollbacks, usage reports, compactions (each holds the whole state from there, so `records` may start at the latest one). Records of
 * types the session does not write are skipped, so other writers can annotate a rollout. The
 * last request the records show was sent (the history when a turn's context was recorded, or
 * before the model's answer, or what a compaction kept of the one before it) becomes
 * `state.recordedRequest`.
 *
 * @throws {SessionError} naming the sequence of a session record whose payload does not fit.
 */
export function replayRollout(records: readonly StoredRecord[], registry: Registry): Replay {
  const state = new SessionState(registry);
  const turnSequences = new Map<number, number>();
  for (const stored of records) {
    if (!sessionRecordTypes.has(stored.type)) continue;
    const parsed = sessionRecordSchema.safeParse({ type: stored.type, payload: stored.payload });
    if (!parsed.success) {
      const issues = toSchemaIssues(parsed.error);
      throw new SessionError(
        "unreadable-rollout",
        `the rollout record at sequence ${stored.sequence} cannot be read: ${describeSchemaIssues(issues)}`,
        { issues },
      );
    }
    const record = parsed.data;
    if (record.type === "turn") turnSequences.set(record.payload.index, stored.sequence);
    if (record.type === "compaction") {
      const { replacementHistory, origins } = record.payload;
      if (origins.length !== replacementHistory.length) {
        throw new SessionError(
          "unreadable-rollout",
          `the compaction record at sequence ${stored.sequence} has ${replacementHistory.length} items but ${origins.length} origins`,
        );
      }
    }
    state.apply(record);
  }
  return { state, turnSequences };
}
