import type { ItemCategory } from "./inspect-rollout.js";

/** The bytes of one kind, over every item of a rollout. */
export interface KindTotal {
  readonly kind: string;
  readonly category: ItemCategory;
  readonly items: number;
  readonly bytes: number;
  /** The bytes of the largest item of the kind. */
  readonly largest: number;
}

const categoryOrder: readonly ItemCategory[] = ["user", "injected", "model", "tool", "other"];

/** `totals` by category (user, injected, model, tool, other), then by size, largest first. */
export function orderKindTotals(totals: Iterable<KindTotal>): KindTotal[] {
  return [...totals].sort(
    (first, second) =>
      categoryOrder.indexOf(first.category) - categoryOrder.indexOf(second.category) ||
      second.bytes - first.bytes,
  );
}
