import type { JsonValue } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";
import type { RecordSearch, RecordSearchResult } from "./record-search.js";
import type { RolloutRecord, StoredRecord } from "./rollout-record.js";
import type { RolloutWarning } from "./rollout-warning.js";

/** Where a fork branches off: its parent session and how many of the parent's records it keeps. */
export interface ParentReference {
  readonly sessionId: string;
  /** The parent's records with a sequence below this one are the fork's prefix. */
  readonly sequence: number;
}

/** What a store knows of a session without reading its records. */
export interface SessionInfo {
  readonly id: string;
  /** ISO 8601, when the session was created. */
  readonly createdAt: string;
  /** ISO 8601, when a record was last appended (or the creation time). */
  readonly updatedAt: string;
  /** The working directory the session started in, for listing by folder. */
  readonly cwd: string | undefined;
  readonly parent: ParentReference | undefined;
  /** The sequence the next appended record will get. */
  readonly nextSequence: number;
  readonly archived: boolean;
  /** Free-form JSON the session keeps about itself (model, title, …). */
  readonly meta: JsonValue;
}

/**
 * A new session: a fresh one, or a fork that references its parent's prefix instead of copying it.
 * A create whose answer was lost can be sent again as it was: while nothing has been appended to
 * the session, the same request (same id, cwd, parent and meta) returns the session instead of a
 * conflict, so its writer can go on writing.
 */
export interface CreateSessionRequest {
  /**
   * The id to use; a store generates one when omitted (and a retry then creates another session).
   * A taken id is a conflict, unless the request repeats the one that created the session and
   * nothing has been appended to it since.
   */
  readonly id?: string;
  readonly cwd?: string;
  readonly parent?: ParentReference;
  readonly meta?: JsonValue;
}

/**
 * One batch of records for one session, from one writer. The store writes all of it or none of
 * it, and only when `expectedSequence` is the session's next sequence: a stale or second writer
 * gets a `RolloutConflictError` with the expected and the actual position, and writes nothing.
 * That is how a session keeps one writer: every writer appends at the position it last saw, so
 * once another writer has appended, each of its later appends is refused until it reads the
 * session again.
 */
export interface AppendRequest {
  readonly sessionId: string;
  /** The sequence the first record of the batch must get: the session's next one, as the writer knows it. */
  readonly expectedSequence: number;
  /**
   * The batch's idempotency key, which names its writer and the batch: a writer never gives
   * two different batches one id, and two writers never share one (`@ctx/session` makes it
   * from an id of its own, the expected sequence and a count of its appends). A retry of a
   * batch that was already written (same id, same expected sequence) is a no-op that returns
   * the first result; any other append at a position that is not the next one is a conflict.
   */
  readonly appendId: string;
  readonly records: readonly RolloutRecord[];
}

export interface AppendResult {
  /** The session's next sequence after the batch. */
  readonly nextSequence: number;
  /** Whether the batch had already been written by an earlier call with the same id. */
  readonly duplicate: boolean;
}

export interface ReadOptions {
  /**
   * `latest-checkpoint` (the default) starts at the latest checkpoint record (following a
   * fork's parent prefix when the fork has none of its own); `start` reads every record.
   */
  readonly from?: "latest-checkpoint" | "start";
}

/** A session's records in sequence order, from where the read started. */
export interface RolloutRead {
  readonly session: SessionInfo;
  readonly records: readonly StoredRecord[];
  /** A torn last record skipped after a crash, and other limits met on the way. */
  readonly warnings: readonly CtxWarning[];
}

export interface ListOptions {
  /** At most this many sessions; 50 when omitted. */
  readonly limit?: number;
  /** Only sessions started in this working directory. */
  readonly cwd?: string;
  /** Continue after the session this cursor names (from the previous page). */
  readonly cursor?: string;
  /** Whether archived sessions are listed too; `false` when omitted. */
  readonly includeArchived?: boolean;
}

/** A page of sessions, most recently updated first. */
export interface SessionPage {
  readonly sessions: readonly SessionInfo[];
  /** Pass as `cursor` for the next page; `undefined` on the last page. */
  readonly cursor: string | undefined;
  /**
   * Limits met while listing, when there are any: a file store that rebuilt its index says
   * which logs it left out (`log-mismatch`).
   */
  readonly warnings?: readonly RolloutWarning[];
}

/**
 * Where a session's rollout lives: append-only records, one fenced writer per session, forks
 * that reference their parent, resumes that read from the latest checkpoint. Every method is
 * async so a database can implement it; one contract test suite (`describeRolloutStoreContract`)
 * runs over every store.
 *
 * One writer per session: an append lands only at the session's next sequence, so of the
 * writers that saw one position, exactly one appends there and every other gets a
 * `RolloutConflictError` (expected and actual position) and changes nothing; a retried batch
 * (same append id, same position) is answered with its first result. Every argument is
 * validated before anything is written, so whatever a store accepts it can read back; what it
 * returns is its caller's to keep (changing it changes nothing in the store).
 */
export interface RolloutStore {
  /**
   * Creates a session; a retry of the request that created it returns it while nothing has been
   * appended to it.
   *
   * @throws {RolloutConflictError} when the id is taken by another request or the session has records.
   * @throws {RolloutError} when the parent does not exist or is too short.
   */
  create(request: CreateSessionRequest): Promise<SessionInfo>;
  /**
   * Appends one batch at `expectedSequence`; durable before it resolves.
   *
   * @throws {RolloutConflictError} when `expectedSequence` is not the session's next sequence
   * (another writer went ahead), unless the batch is a retry of one written there.
   */
  append(request: AppendRequest): Promise<AppendResult>;
  /** @throws {RolloutError} when the session does not exist or a record other than a torn last one is unreadable. */
  read(sessionId: string, options?: ReadOptions): Promise<RolloutRead>;
  /**
   * Optional: the records of the session's logical rollout (from the first record, fork
   * prefixes included) that fit `search`, found by the store without handing over the rest, so
   * a reader such as recall needs neither the whole rollout in memory nor the time to parse it.
   * A store that offers it answers exactly what reading from the start and keeping the records
   * `createRecordMatcher(search)` accepts would (the contract suite checks it); a reader calls
   * `searchRollout`, which falls back to that read for a store without it.
   *
   * @throws {RolloutError} `invalid-argument` for a search that does not fit `RecordSearch`;
   * as `read` for the session.
   */
  searchRecords?(sessionId: string, search: RecordSearch): Promise<RecordSearchResult>;
  info(sessionId: string): Promise<SessionInfo | undefined>;
  list(options?: ListOptions): Promise<SessionPage>;
  /** Marks a session archived: kept, but left out of listings by default. */
  archive(sessionId: string): Promise<void>;
  /** Deletes a session; a session that forks reference cannot be deleted (`RolloutError`). */
  delete(sessionId: string): Promise<void>;
  /** Releases files, connections and locks. */
  close(): Promise<void>;
}
