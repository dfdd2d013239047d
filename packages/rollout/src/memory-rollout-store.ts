import type { JsonValue } from "@ctx/protocol";
import { deepFreeze } from "@ctx/protocol/internal";
import { checkSchema } from "./check-argument.js";
import { isCreateRetry } from "./is-create-retry.js";
import { pageSessions } from "./page-sessions.js";
import { readRolloutChain } from "./read-rollout-chain.js";
import { createRecordMatcher } from "./record-search.js";
import { RolloutConflictError } from "./rollout-conflict-error.js";
import { RolloutError } from "./rollout-error.js";
import type { StoredRecord } from "./rollout-record.js";
import {
  appendRequestSchema,
  createSessionRequestSchema,
  listOptionsSchema,
  readOptionsSchema,
  sessionIdSchema,
} from "./rollout-schemas.js";
import type { RolloutStore, SessionInfo } from "./rollout-store.js";

interface MemorySession {
  info: SessionInfo;
  readonly records: StoredRecord[];
  /** The sequence of each checkpoint record, ascending. */
  readonly checkpoints: number[];
  /** The append id and the end of each batch, by the sequence of its first record. */
  readonly batches: Map<number, { readonly appendId: string; readonly end: number }>;
}

/** The index of the last element of an ascending array below `limit`, or -1. */
function lastBelow(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] ?? limit) < limit) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * A rollout store that keeps everything in this process's memory: for tests, previews and
 * short-lived sessions. It follows the whole store contract (fenced, idempotent appends,
 * forks that reference their parent, resumes from the latest checkpoint); nothing survives the
 * process. What it keeps is copied in and frozen, so the records and infos it returns cannot
 * be changed, and what the caller passed in stays the caller's. It offers `searchRecords`.
 *
 * @example
 * ```ts
 * const store = createMemoryRolloutStore();
 * const session = await store.create({ cwd: "/repo" });
 * await store.append({
 *   sessionId: session.id,
 *   expectedSequence: 0,
 *   appendId: "turn-1",
 *   records: [{ type: "response_item", payload: { text: "hi" } }],
 * });
 * ```
 */
export function createMemoryRolloutStore(): RolloutStore {
  const sessions = new Map<string, MemorySession>();
  let closed = false;

  function open(): void {
    if (closed) throw RolloutError.storeClosed();
  }

  function existing(sessionId: string): MemorySession {
    const session = sessions.get(sessionId);
    if (session === undefined) throw RolloutError.sessionNotFound(sessionId);
    return session;
  }

  const chainSource = {
    info: async (sessionId: string) => sessions.get(sessionId)?.info,
    ownRecords: async (info: SessionInfo, below: number, from: "latest-checkpoint" | "start") => {
      const session = existing(info.id);
      const base = info.parent?.sequence ?? 0;
      const end = Math.min(session.records.length, Math.max(0, below - base));
      const checkpoint =
        from === "start" ? -1 : (session.checkpoints[lastBelow(session.checkpoints, below)] ?? -1);
      const start = checkpoint === -1 ? 0 : checkpoint - base;
      return {
        records: session.records.slice(start, end),
        fromCheckpoint: checkpoint !== -1,
        warnings: [],
      };
    },
  };

  return {
    async create(request) {
      open();
      const parsed = checkSchema("session request", request, createSessionRequestSchema);
      const id = parsed.id ?? globalThis.crypto.randomUUID();
      const taken = sessions.get(id);
      if (taken !== undefined) {
        if (isCreateRetry(taken.info, { ...parsed, id })) return taken.info;
        throw RolloutConflictError.forTakenId(id, taken.info.nextSequence);
      }
      if (parsed.parent !== undefined) {
        const parent = sessions.get(parsed.parent.sessionId);
        if (parent === undefined || parent.info.nextSequence < parsed.parent.sequence)
          throw RolloutError.invalidParent(parsed.parent, parent?.info.nextSequence);
      }
      const now = new Date().toISOString();
      const info: SessionInfo = Object.freeze({
        id,
        createdAt: now,
        updatedAt: now,
        cwd: parsed.cwd,
        parent: parsed.parent === undefined ? undefined : Object.freeze({ ...parsed.parent }),
        nextSequence: parsed.parent?.sequence ?? 0,
        archived: false,
        meta: deepFreeze(structuredClone(parsed.meta ?? null)),
      });
      sessions.set(id, { info, records: [], checkpoints: [], batches: new Map() });
      return info;
    },

    async append(request) {
      open();
      const parsed = checkSchema("append request", request, appendRequestSchema);
      const session = existing(parsed.sessionId);
      const next = session.info.nextSequence;
      if (parsed.expectedSequence !== next) {
        const written = session.batches.get(parsed.expectedSequence);
        if (written?.appendId === parsed.appendId)
          return { nextSequence: written.end, duplicate: true };
        throw RolloutConflictError.forWrite(parsed.sessionId, parsed.expectedSequence, next);
      }
      session.batches.set(next, { appendId: parsed.appendId, end: next + parsed.records.length });
      parsed.records.forEach((record, offset) => {
        const sequence = next + offset;
        session.records.push(
          deepFreeze({
            sequence,
            type: record.type,
            payload: structuredClone(record.payload) as JsonValue,
            ...(record.checkpoint === true ? { checkpoint: true } : {}),
          }),
        );
        if (record.checkpoint === true) session.checkpoints.push(sequence);
      });
      const nextSequence = next + parsed.records.length;
      session.info = Object.freeze({
        ...session.info,
        nextSequence,
        updatedAt: new Date().toISOString(),
      });
      return { nextSequence, duplicate: false };
    },

    async read(sessionId, options = {}) {
      open();
      const id = checkSchema("session id", sessionId, sessionIdSchema);
      const parsed = checkSchema("read options", options, readOptionsSchema);
      return readRolloutChain(chainSource, id, parsed.from ?? "latest-checkpoint");
    },

    async searchRecords(sessionId, search) {
      open();
      const id = checkSchema("session id", sessionId, sessionIdSchema);
      const matches = createRecordMatcher(search);
      const { records, warnings } = await readRolloutChain(chainSource, id, "start");
      return { records: records.filter(matches), warnings };
    },

    async info(sessionId) {
      open();
      return sessions.get(checkSchema("session id", sessionId, sessionIdSchema))?.info;
    },

    async list(options = {}) {
      open();
      const parsed = checkSchema("list options", options, listOptionsSchema);
      return pageSessions(
        Array.from(sessions.values(), (session) => session.info),
        parsed,
      );
    },

    async archive(sessionId) {
      open();
      const session = existing(checkSchema("session id", sessionId, sessionIdSchema));
      session.info = Object.freeze({ ...session.info, archived: true });
    },

    async delete(sessionId) {
      open();
      const id = checkSchema("session id", sessionId, sessionIdSchema);
      existing(id);
      const forks = [...sessions.values()]
        .filter((session) => session.info.parent?.sessionId === id)
        .map((session) => session.info.id);
      if (forks.length > 0) throw RolloutError.referencedByForks(id, forks);
      sessions.delete(id);
    },

    async close() {
      closed = true;
    },
  };
}
