import type { HistoryEntry } from "../origin.js";
import { itemRecord } from "../session-records.js";
import type { RolloutRecord } from "./rollout-record.js";
import type { RolloutStore } from "./rollout-store.js";

/** Where a session's rollout stands in its store. */
export interface RolloutPosition {
  readonly created: boolean;
  readonly nextSequence: number;
}

/** The first 96 bits of the SHA-256 of the batch's JSON, in hex: what tells one batch from another. */
async function digest(records: readonly RolloutRecord[]): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(records));
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
  let text = "";
  for (const byte of hash.subarray(0, 12)) text += byte.toString(16).padStart(2, "0");
  return text;
}

/**
 * Writes one session's records to its store, as one writer: creates the session on the first
 * write, and names each append by a writer id of its own (one per session object, so two
 * processes that resume one session are two writers), the sequence it expects and a digest of
 * the batch. So an append lands only where this writer last left the session: once another
 * writer has appended, every write of this one is refused with a `RolloutConflictError` and
 * changes nothing, and its caller must resume again; a batch sent again after a failure whose
 * answer was lost (same records, same place) is recognised as written. The position moves only
 * once the store has acknowledged the batch. The history the session was opened with goes
 * ahead of whatever is written first. Without a store it writes nothing. Callers serialise
 * their writes.
 */
export class SessionWriter {
  readonly #store: RolloutStore | undefined;
  readonly #id: string;
  readonly #writerId = globalThis.crypto.randomUUID();
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
      await store.create({
        id: this.#id,
        ...(cwd === undefined ? {} : { cwd }),
        meta: { writer: "@ctx/session", format: 1 },
      });
      this.#created = true;
    }
    const batch =
      this.#unwritten.length === 0 ? records : [...this.#unwritten.map(itemRecord), ...records];
    const result = await store.append({
      sessionId: this.#id,
      expectedSequence: this.#nextSequence,
      appendId: `${this.#writerId}:${this.#nextSequence}:${await digest(batch)}`,
      records: batch,
    });
    this.#nextSequence = result.nextSequence;
    this.#unwritten = [];
  }
}
