import type { CreateSessionRequest, RolloutRecord, RolloutStore } from "@ctx/rollout";
import type { HistoryEntry } from "../history/origin.js";
import { itemRecord, toRolloutRecord } from "./session-records.js";

/** Where a session's rollout stands in its store. */
export interface RolloutPosition {
  readonly created: boolean;
  readonly nextSequence: number;
}

/** An append that failed without an answer that says whether it was written. */
interface UnansweredAppend {
  readonly sequence: number;
  readonly appendId: string;
  /** The batch as JSON, to recognise the same batch sent again. */
  readonly json: string;
}

/**
 * Writes one session's records to its store, as one writer: creates the session on the first
 * write, and names each append by a writer id of its own (one per session object, so two
 * processes that resume one session are two writers), the sequence it expects and a count of
 * its appends. So an append lands only where this writer last left the session: once another
 * writer has appended, every write of this one is refused with a `RolloutConflictError` and
 * changes nothing, and its caller must resume again. An append that failed (its answer may have
 * been lost after the store wrote it) keeps its id for the same batch sent again at the same
 * place, so the store recognises it as written; any other batch gets a new id, and is refused
 * when the lost one was written. A create is sent again as it was first sent, so the store
 * answers its retry with the session. The position moves only once the store has acknowledged
 * the batch. The history the session was opened with goes ahead of whatever is written first.
 * Without a store it writes nothing. Callers serialise their writes.
 */
export class SessionWriter {
  readonly #store: RolloutStore | undefined;
  readonly #id: string;
  readonly #writerId = globalThis.crypto.randomUUID();
  #appends = 0;
  #unanswered: UnansweredAppend | undefined;
  #createRequest: CreateSessionRequest | undefined;
  #created: boolean;
  #nextSequence: number;
  #unwritten: readonly HistoryEntry[];

  constructor(
    store: RolloutStore | undefined,
    id: string,
    position: RolloutPosition,
    unwritten: readonly HistoryEntry[],
  ) {
    this.#store = store;
    this.#id = id;
    this.#created = position.created;
    this.#nextSequence = position.nextSequence;
    this.#unwritten = unwritten;
  }

  /**
   * Appends `records` as one batch; `cwd` is the session's folder when it is created.
   *
   * @throws {RolloutConflictError} when another writer created or appended to the session first.
   */
  async write(records: readonly RolloutRecord[], cwd?: string): Promise<void> {
    const store = this.#store;
    if (store === undefined || records.length === 0) return;
    if (!this.#created) {
      this.#createRequest ??= {
        id: this.#id,
        ...(cwd === undefined ? {} : { cwd }),
        meta: { writer: "@ctx/session", format: 1 },
      };
      await store.create(this.#createRequest);
      this.#created = true;
    }
    const batch =
      this.#unwritten.length === 0
        ? records
        : [...this.#unwritten.map((entry) => toRolloutRecord(itemRecord(entry))), ...records];
    const sequence = this.#nextSequence;
    const unanswered = this.#unanswered;
    const json = unanswered?.sequence === sequence ? JSON.stringify(batch) : undefined;
    const retried = unanswered !== undefined && json === unanswered.json;
    if (!retried) this.#appends += 1;
    const appendId = retried
      ? unanswered.appendId
      : `${this.#writerId}:${sequence}:${this.#appends}`;
    let result: { readonly nextSequence: number };
    try {
      result = await store.append({
        sessionId: this.#id,
        expectedSequence: sequence,
        appendId,
        records: batch,
      });
    } catch (error) {
      this.#unanswered = { sequence, appendId, json: json ?? JSON.stringify(batch) };
      throw error;
    }
    this.#unanswered = undefined;
    this.#nextSequence = result.nextSequence;
    this.#unwritten = [];
  }
}
