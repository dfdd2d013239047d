import type { RolloutRecord, RolloutStore } from "@ctx/rollout";
import type { HistoryEntry } from "../origin.js";
import { itemRecord } from "../session-records.js";

/** Where a session's rollout stands in its store. */
export interface RolloutPosition {
  readonly created: boolean;
  readonly nextSequence: number;
}

/**
 * Writes one session's records to its store: creates the session on the first write, names the
 * sequence each append expects (so a second writer gets a conflict), and puts the history the
 * session was opened with ahead of whatever is written first. Without a store it writes nothing.
 * Callers serialise their writes.
 */
export class SessionWriter {
  readonly #store: RolloutStore | undefined;
  readonly #id: string;
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

  /** Appends `records` as one batch; `cwd` is the session's folder when it is created. */
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
    const result = await store.append({
      sessionId: this.#id,
      expectedSequence: this.#nextSequence,
      appendId: `${this.#id}:${this.#nextSequence}`,
      records:
        this.#unwritten.length === 0 ? records : [...this.#unwritten.map(itemRecord), ...records],
    });
    this.#nextSequence = result.nextSequence;
    this.#unwritten = [];
  }
}
