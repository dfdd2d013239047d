import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import type { StoredRecord } from "@ctx/rollout";
import { defaultOrigin } from "../history/origin.js";
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
 * Rebuilds a session from its rollout by applying each record as the live session did: the
 * history with its origins, the snapshots after each turn, rollbacks, usage reports, compactions
 * (each holds the whole state from there, so `records` may start at the latest one). Records of
 * types the session does not write are skipped, so other writers can annotate a rollout. The
 * last request the records show was sent (the history when a turn's context was recorded, or
 * before the model's answer, or what a compaction kept of the one before it) becomes
 * `state.replayedRequest`.
 *
 * @throws {SessionError} naming the sequence of a session record whose payload does not fit.
 */
export function replayRollout(records: readonly StoredRecord[], registry: Registry): Replay {
  const state = new SessionState(registry);
  const turnSequences = new Map<number, number>();
  /** Whether the latest history entry applied came from the model. */
  let answering = false;
  for (const stored of records) {
    if (!sessionRecordTypes.has(stored.type)) continue;
    const parsed = sessionRecordSchema.safeParse({ type: stored.type, payload: stored.payload });
    if (!parsed.success) {
      const issues = toSchemaIssues(parsed.error);
      throw new SessionError(
        `the rollout record at sequence ${stored.sequence} cannot be read: ${describeSchemaIssues(issues)}`,
        issues,
      );
    }
    const record = parsed.data;
    switch (record.type) {
      case "turn":
        turnSequences.set(record.payload.index, stored.sequence);
        state.beginTurn(record.payload.model, record.payload.baseInstructions);
        break;
      case "response_item": {
        const fromModel = record.payload.origin.source === "model";
        // The model answers a request: the history before its first item is what was sent.
        if (fromModel && !answering) state.markRequest();
        answering = fromModel;
        state.append(record.payload);
        break;
      }
      case "world_state":
        // A turn's context is recorded last, right before its request is sent.
        state.commitSnapshots(record.payload.full, record.payload.state);
        state.markRequest();
        answering = false;
        break;
      case "rollback":
        state.rollback(record.payload.userTurns);
        break;
      case "reported_usage":
        state.reportUsage(record.payload.totalTokens);
        break;
      case "compaction": {
        const { replacementHistory, origins, snapshots, fullContext, turnCount, lastRequest } =
          record.payload;
        if (origins.length !== replacementHistory.length) {
          throw new SessionError(
            `the compaction record at sequence ${stored.sequence} has ${replacementHistory.length} items but ${origins.length} origins`,
          );
        }
        state.installCompaction({
          entries: replacementHistory.map((item, index) => ({
            item,
            origin: origins[index] ?? defaultOrigin(item),
          })),
          snapshots,
          fullContext,
          turnCount,
          model: record.payload.model,
          baseInstructions: record.payload.baseInstructions,
          ...(lastRequest === undefined
            ? {}
            : {
                lastRequest: {
                  items: lastRequest.items,
                  origins: lastRequest.origins.map((origin) => origin ?? undefined),
                },
              }),
        });
        break;
      }
    }
  }
  return { state, turnSequences };
}
