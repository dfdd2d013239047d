import type { ItemCategory, RolloutInspection } from "./inspect-rollout.js";

/** The bytes of one kind, over every item of a rollout. */
export interface KindTotal {
  readonly kind: string;
  readonly category: ItemCategory;
  readonly items: number;
  readonly bytes: number;
}

const categoryOrder: readonly ItemCategory[] = ["user", "injected", "model", "tool", "other"];

/** Every kind's item count and bytes, by category (user, injected, model, tool, other), then by size. */
export function totalsByKind(inspection: RolloutInspection): KindTotal[] {
  const totals = new Map<string, { category: ItemCategory; items: number; bytes: number }>();
  for (const item of inspection.items) {
    const total = totals.get(item.kind) ?? { category: item.category, items: 0, bytes: 0 };
    total.items += 1;
    total.bytes += item.bytes;
    totals.set(item.kind, total);
  }
  return [...totals]
    .map(([kind, total]) => ({ kind, ...total }))
    .sort(
      (first, second) =>
        categoryOrder.indexOf(first.category) - categoryOrder.indexOf(second.category) ||
        second.bytes - first.bytes,
    );
}
