import { CliError } from "./cli-error.js";

/** The bytes of one user turn of the history (or of what came before the first), by kind. */
interface Segment {
  readonly bytes: Map<string, number>;
  items: number;
}

/** What {@link HistoryTotals.rollBack} dropped. */
export interface RolledBack {
  /** The items dropped. */
  readonly items: number;
  /** Whether the rollback reached past the oldest turn still held, so less was dropped. */
  readonly beyondWindow: boolean;
}

const emptySegment = (): Segment => ({ bytes: new Map(), items: 0 });

/**
 * The bytes the history holds, by kind, kept as sums rather than items so memory stays bounded
 * for any rollout: one segment per user turn, so a rollback can take the last turns off, for the
 * newest `window` turns; older turns are folded into one segment that a rollback cannot reach.
 */
export class HistoryTotals {
  private readonly window: number;
  private readonly bytes = new Map<string, number>();
  private base = emptySegment();
  private turns: Segment[] = [];
  /** Whether a turn was folded into `base` since the history was last replaced. */
  private folded = false;

  constructor(window: number) {
    if (!Number.isInteger(window) || window < 1) {
      throw new CliError("failure", `window must be a positive integer, not ${window}`);
    }
    this.window = window;
  }

  /** Adds an item of `kind`; `opensTurn` when it is a message the user typed. */
  add(kind: string, bytes: number, opensTurn: boolean): void {
    if (opensTurn) {
      this.turns.push(emptySegment());
      if (this.turns.length > this.window) this.fold();
    }
    const segment = this.turns.at(-1) ?? this.base;
    segment.bytes.set(kind, (segment.bytes.get(kind) ?? 0) + bytes);
    segment.items += 1;
    this.bytes.set(kind, (this.bytes.get(kind) ?? 0) + bytes);
  }

  /** Empties the history, as a compaction does before its replacement is added. */
  clear(): void {
    this.bytes.clear();
    this.base = emptySegment();
    this.turns = [];
    this.folded = false;
  }

  /**
   * Drops the last `turns` user turns. When there are fewer, nothing is dropped, unless older
   * turns were folded away: then every turn still held goes, and `beyondWindow` says so.
   */
  rollBack(turns: number): RolledBack {
    if (turns > this.turns.length && !this.folded) return { items: 0, beyondWindow: false };
    const dropped = this.turns.splice(Math.max(0, this.turns.length - turns));
    let items = 0;
    for (const segment of dropped) {
      items += segment.items;
      for (const [kind, bytes] of segment.bytes) {
        const left = (this.bytes.get(kind) ?? 0) - bytes;
        if (left === 0) this.bytes.delete(kind);
        else this.bytes.set(kind, left);
      }
    }
    return { items, beyondWindow: turns > dropped.length };
  }

  /** The history's bytes by kind, in the order the kinds first appear in it. */
  byKind(): ReadonlyMap<string, number> {
    return this.bytes;
  }

  private fold(): void {
    const oldest = this.turns.shift();
    if (oldest === undefined) return;
    for (const [kind, bytes] of oldest.bytes) {
      this.base.bytes.set(kind, (this.base.bytes.get(kind) ?? 0) + bytes);
    }
    this.base.items += oldest.items;
    this.folded = true;
  }
}
