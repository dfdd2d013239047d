import type { RolloutStore } from "@ctx/rollout";
import { createRecordMatcher, readOptionsSchema, sessionIdSchema } from "@ctx/rollout";
import type { Sql } from "postgres";
import { answerUnmatchedAppend } from "./answer-unmatched-append.js";
import { answerWithin } from "./answer-within.js";
import {
  type AppendOutcome,
  createAppendFlushWriter,
  type PendingAppend,
} from "./append-flush-writer.js";
import { checkSchema } from "./check-argument.js";
import { createSession } from "./create-session.js";
import { deleteSession } from "./delete-session.js";
import { createGroupCommit } from "./group-commit.js";
import { listSessions } from "./list-sessions.js";
import { openPool } from "./open-pool.js";
import { pendingAppend } from "./pending-append.js";
import { type PruneOptions, type PruneResult, pruneSessions } from "./prune-sessions.js";
import { readRollout } from "./read-rollout.js";
import { rolloutTables } from "./rollout-tables.js";
import { type SessionRow, sessionColumns, toSessionInfo } from "./session-row.js";
import { asStoreFailure, missing, storeClosed } from "./store-failure.js";
import { storeOptionsSchema } from "./store-options-schema.js";

/** The most appends one flush writes. */
const maxAppendsPerFlush = 256;

/** The most characters of records one flush writes (a larger batch goes alone). */
const maxFlushCharacters = 16 * 1024 * 1024;

/**
 * The most flushes on the server at once, whatever the pool's size: one being sent while the
 * one before it commits. What arrives meanwhile waits and goes in the next flush, so the busier
 * the store, the more appends share a commit; with a flush per connection, appends that arrive
 * one by one each found a free connection and paid a commit of their own.
 */
const flushesAtOnce = 2;

/** How long a call waits for the database when the options do not say. */
const defaultCallTimeout = 60_000;

/** Where a {@link PostgresRolloutStore} keeps its tables, and through which client. */
export type PostgresRolloutStoreOptions = (
  | {
      /** A connection URL: the store opens its own pool and ends it on `close()`. */
      readonly url: string;
      /** The most connections the store's own pool opens; 10 when omitted. */
      readonly maxConnections?: number;
    }
  | {
      /**
       * A `postgres` client the caller owns and ends; `close()` leaves it open. It must return
       * columns as they are (no `transform`).
       */
      readonly sql: Sql;
    }
) & {
  /** The schema {@link migrate} put the tables in; `public` when omitted. */
  readonly schema?: string;
  /**
   * The most milliseconds a call waits for the database's answer before it fails with
   * `io-failed` (safe to retry, as every `io-failed` is); 60,000 when omitted. It bounds what
   * the client cannot: a server or network that stops answering without closing the connection.
   */
  readonly callTimeout?: number;
};

/** A {@link RolloutStore} on PostgreSQL, which can also prune old sessions. */
export interface PostgresRolloutStore extends RolloutStore {
  /**
   * Archives or deletes the sessions last updated before `olderThan`. A deleted session's forks
   * go first; a session that a newer fork still references is kept and counted.
   *
   * @throws {RolloutError} `invalid-argument` for bad options; `io-failed` when the database fails.
   */
  prune(options: PruneOptions): Promise<PruneResult>;
}

/**
 * A rollout store on PostgreSQL for a fleet of workers: a session started on one worker resumes
 * on another, and a second writer on a session gets a `RolloutConflictError` (a create retried
 * after its answer was lost gets the session back while nothing is appended to it). Appends are
 * written by group commit: the appends of many sessions that wait at the same moment go to the
 * server together, as one statement (one round trip, one transaction) that moves each session's
 * `next_sequence` from its expected value and inserts its batch, so each batch is written all
 * or nothing and only for the writer that holds the session's next sequence; a stale writer's
 * append matches nothing and fails alone, and so does one whose values the server refuses (the
 * others of its flush are committed). An append resolves only once its transaction has
 * committed. A batch is one row (its records as one JSON text), so a turn's records pay for one
 * row and one key. Run {@link migrate} once before use.
 *
 * Failures of the database come back as a `RolloutError` with code `io-failed`; retrying the
 * same append (same `appendId`, same expected sequence) is safe: a batch that was committed
 * before the connection dropped comes back as `duplicate: true`.
 *
 * @example
 * ```ts
 * const store = createPostgresRolloutStore({ url: process.env.DATABASE_URL });
 * const session = await store.create({ cwd: "/repo" });
 * await store.append({ sessionId: session.id, expectedSequence: 0, appendId: "turn-1", records });
 * ```
 * @throws {RolloutError} `invalid-argument` for bad options.
 */
export function createPostgresRolloutStore(
  options: PostgresRolloutStoreOptions,
): PostgresRolloutStore {
  checkSchema("options", options, storeOptionsSchema);
  const tables = rolloutTables(options.schema);
  const sql = "sql" in options ? options.sql : openPool(options.url, options.maxConnections);
  const ownsClient = !("sql" in options);
  // Prepared statements unless the client was set up without them (behind a transaction pooler).
  const queryOptions = { prepare: sql.options.prepare };
  const callTimeout = options.callTimeout ?? defaultCallTimeout;
  let closed = false;
  /** The calls not answered yet, which `close()` waits for. */
  const answering = new Set<Promise<unknown>>();

  /** `call`, counted among those {@link answering} until it settles. */
  function tracked<Result>(call: Promise<Result>): Promise<Result> {
    answering.add(call);
    const settled = () => answering.delete(call);
    call.then(settled, settled);
    return call;
  }

  function guarded<Result>(work: () => Promise<Result>): Promise<Result> {
    if (closed) return Promise.reject(storeClosed());
    // Called at once: each call checks and copies its arguments before it first waits, so what
    // the caller changes afterwards is not what the store sees.
    let working: Promise<Result>;
    try {
      working = work();
    } catch (error) {
      working = Promise.reject(error);
    }
    return tracked(answered(working));
  }

  /** `work`'s answer within {@link callTimeout}, a failure of the database as `io-failed`. */
  function answered<Result>(work: Promise<Result>): Promise<Result> {
    return answerWithin(work, callTimeout).catch((error: unknown) => {
      throw asStoreFailure(error);
    });
  }

  async function sessionRow(sessionId: string): Promise<SessionRow | undefined> {
    const rows = await sql.unsafe<SessionRow[]>(
      `SELECT ${sessionColumns} FROM ${tables.sessions} WHERE id = $1`,
      [sessionId],
      queryOptions,
    );
    return rows[0];
  }

  const writeFlush = createAppendFlushWriter(sql, tables, queryOptions);
  const pendingAppends = createGroupCommit<PendingAppend, AppendOutcome>({
    // A failure of the database fails each append of the flush as one it can retry.
    write: (appends) => answered(writeFlush(appends)),
    key: (append) => append.sessionId,
    weight: (append) => append.batch.text.length,
    maxItems: maxAppendsPerFlush,
    maxWeight: maxFlushCharacters,
    maxFlushes: Math.min(flushesAtOnce, Math.max(1, sql.options.max)),
  });

  return {
    create: (request) => guarded(() => createSession(sql, tables, request)),

    append: (request) => {
      let append: PendingAppend;
      try {
        if (closed) throw storeClosed();
        append = pendingAppend(request);
      } catch (error) {
        return Promise.reject(error);
      }
      // One promise an append, the flush's own, read as this append's answer.
      return tracked(
        pendingAppends.submit(append).then((outcome) => {
          if (outcome === "written") return { nextSequence: append.nextSequence, duplicate: false };
          // The server's own error, reported as a failure of the database like any other.
          if (outcome !== "unmatched") throw asStoreFailure(outcome.refused);
          return answered(answerUnmatchedAppend(sql, tables, queryOptions, append));
        }),
      );
    },

    read: (sessionId, readOptions = {}) =>
      guarded(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        const parsed = checkSchema("read options", readOptions, readOptionsSchema);
        return sql.begin("isolation level repeatable read read only", (transaction) =>
          readRollout(transaction, {
            tables,
            sessionId: id,
            from: parsed.from ?? "latest-checkpoint",
            queryOptions,
          }),
        );
      }),

    searchRecords: (sessionId, search) =>
      guarded(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        createRecordMatcher(search);
        const { records, warnings } = await sql.begin(
          "isolation level repeatable read read only",
          (transaction) =>
            readRollout(transaction, {
              tables,
              sessionId: id,
              from: "start",
              queryOptions,
              search,
            }),
        );
        return { records, warnings };
      }),

    info: (sessionId) =>
      guarded(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        const row = await sessionRow(id);
        return row === undefined ? undefined : toSessionInfo(row);
      }),

    list: (listOptions = {}) => guarded(() => listSessions(sql, tables, queryOptions, listOptions)),

    archive: (sessionId) =>
      guarded(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        const updated = await sql.unsafe(
          `UPDATE ${tables.sessions} SET archived = true WHERE id = $1`,
          [id],
        );
        if (updated.count === 0) throw missing(id);
      }),
    delete: (sessionId) => guarded(() => deleteSession(sql, tables, sessionId)),

    prune: (pruneOptions) => guarded(() => pruneSessions(sql, tables, pruneOptions)),

    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...answering]);
      // Every call is answered (each within callTimeout), so nothing the store still waits for
      // is cut: end at once. A graceful end would wait for a query whose connection the
      // server dropped, which postgres.js 3.4 keeps as pending until the end's time is up.
      if (ownsClient) await sql.end({ timeout: 0 });
    },
  };
}
