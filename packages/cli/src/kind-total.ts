import type { ItemCategory, ItemPiece } from "./formats/transcript-entry.js";
import type { Measure } from "./history-totals.js";

/** The bytes and tokens of one kind, over every item of a rollout. */
export interface KindTotal {
  readonly kind: string;
  readonly category: ItemCategory;
  readonly items: number;
  readonly bytes: number;
  /** The tokens of the kind's texts; 0 for opaque bytes (encrypted content), which no one can count. */
  readonly tokens: number;
  /** Whether the kind is encrypted content: bytes the model's provider reads, no text. */
  readonly opaque: boolean;
  /** Whether some of the kind's tokens are estimated at bytes / 4 (past the tokenizer's budget). */
  readonly estimated: boolean;
  /** The bytes of the largest item of the kind. */
  readonly largest: number;
}

const categoryOrder: readonly ItemCategory[] = ["user", "injected", "model", "tool", "other"];

/** `totals` by category (user, injected, model, tool, other), then by size, largest first. */
export function orderKindTotals(totals: Iterable<KindTotal>): KindTotal[] {
  return [...totals].sort(
    (first, second) =>
      categoryOrder.indexOf(first.category) - categoryOrder.indexOf(second.category) ||
      second.tokens - first.tokens ||
      second.bytes - first.bytes,
  );
}

/** Adds one item, `piece` of size `measure`, to its kind's total in `totals`. */
export function addToKindTotal(
  totals: Map<string, KindTotal>,
  piece: ItemPiece,
  measure: Measure,
  estimated: boolean,
): void {
  const opaque = piece.opaque === true;
  const total = totals.get(piece.kind) as Mutable<KindTotal> | undefined;
  if (total === undefined) {
    const first: KindTotal = {
      kind: piece.kind,
      category: piece.category,
      items: 1,
      bytes: measure.bytes,
      tokens: measure.tokens,
      opaque,
      estimated,
      largest: measure.bytes,
    };
    totals.set(piece.kind, first);
    return;
  }
  // The total is this map's own: changed in place, not copied for every item.
  total.items += 1;
  total.bytes += measure.bytes;
  total.tokens += measure.tokens;
  total.opaque = opaque;
  total.estimated ||= estimated;
  total.largest = Math.max(total.largest, measure.bytes);
}

type Mutable<Value> = { -readonly [Key in keyof Value]: Value[Key] };
