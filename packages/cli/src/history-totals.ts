import { CliError } from "./cli-error.js";

/** The size of some text: its UTF-8 bytes and its tokens. */
export interface Measure {
  readonly bytes: number;
  readonly tokens: number;
}

/** The measures of one user turn of the history (or of what came before the first), by kind. */
interface Segment {
  readonly sizes: Sizes;
  items: number;
}

/** What {@link HistoryTotals.rollBack} dropped. */
export interface RolledBack {
  /** The items dropped. */
  readonly items: number;
  /** Whether the rollback reached past the oldest turn still held, so less was dropped. */
  readonly beyondWindow: boolean;
}

const emptySegment = (): Segment => ({ sizes: new Map(), items: 0 });

/** Sizes by kind, each the map's own, changed in place. */
type Sizes = Map<string, { bytes: number; tokens: number }>;

/** Adds `measure` to `kind`'s in `sizes`; `sign` -1 takes it off, and a kind left empty goes. */
function addTo(sizes: Sizes, kind: string, measure: Measure, sign = 1): void {
  const held = sizes.get(kind);
  const bytes = (held?.bytes ?? 0) + sign * measure.bytes;
  const tokens = (held?.tokens ?? 0) + sign * measure.tokens;
  if (bytes === 0 && tokens === 0) sizes.delete(kind);
  else if (held === undefined) sizes.set(kind, { bytes, tokens });
  else {
    held.bytes = bytes;
    held.tokens = tokens;
  }
}

/**
 * The bytes and tokens the history holds, by kind, kept as sums rather than items so memory
 * stays bounded for any rollout: one segment per user turn, so a rollback can take the last
 * turns off, for the newest `window` turns; older turns are folded into one segment that a
 * rollback cannot reach.
 */
export class HistoryTotals {
  private readonly window: number;
  private readonly sizes: Sizes = new Map();
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
  add(kind: string, measure: Measure, opensTurn: boolean): void {
    if (opensTurn) {
      this.turns.push(emptySegment());
      if (this.turns.length > this.window) this.fold();
    }
    const segment = this.turns.at(-1) ?? this.base;
    addTo(segment.sizes, kind, measure);
    segment.items += 1;
    addTo(this.sizes, kind, measure);
  }

  /** Empties the history, as a compaction does before its replacement is added. */
  clear(): void {
    this.sizes.clear();
    this.base = emptySegment();
    this.turns = [];
    this.folded = false;
  }

  /**
   * Keeps only the newest `turns` user turns, as a compaction that keeps the recent turns whole
   * does before its summary is added; with as many turns as are held, or more, it keeps
   * everything. Says whether older turns were folded away, so that the turns kept may not be
   * told apart from them.
   */
  keepNewest(turns: number): { readonly beyondWindow: boolean } {
    if (turns >= this.turns.length) return { beyondWindow: this.folded };
    const dropped = [this.base, ...this.turns.splice(0, this.turns.length - turns)];
    for (const segment of dropped) {
      for (const [kind, measure] of segment.sizes) addTo(this.sizes, kind, measure, -1);
    }
    this.base = emptySegment();
    this.folded = false;
    return { beyondWindow: false };
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
      for (const [kind, measure] of segment.sizes) addTo(this.sizes, kind, measure, -1);
    }
    return { items, beyondWindow: turns > dropped.length };
  }

  /** The tokens of the whole history. */
  tokens(): number {
    let tokens = 0;
    for (const measure of this.sizes.values()) tokens += measure.tokens;
    return tokens;
  }

  /** The history's bytes and tokens by kind, in the order the kinds first appear in it. */
  byKind(): ReadonlyMap<string, Measure> {
    return this.sizes;
  }

  private fold(): void {
    const oldest = this.turns.shift();
    if (oldest === undefined) return;
    for (const [kind, measure] of oldest.sizes) addTo(this.base.sizes, kind, measure);
    this.base.items += oldest.items;
    this.folded = true;
  }
}
