import type { ItemCategory } from "./formats/transcript-entry.js";
import type { Measure } from "./history-totals.js";

/** What one request sent, by kind: the sizes and who each kind came from. */
export interface RequestSnapshot {
  readonly bytesByKind: Record<string, number>;
  readonly tokensByKind: Record<string, number>;
  readonly categoryOf: Record<string, ItemCategory>;
}

/**
 * The snapshot of a request that sends `instructions` (when the transcript recorded them) and
 * the history `byKind`, each kind under the category `categories` first saw it in.
 */
export function snapshotRequest(
  instructions: Measure | undefined,
  byKind: ReadonlyMap<string, Measure>,
  categories: ReadonlyMap<string, ItemCategory>,
): RequestSnapshot {
  const sizes: [string, Measure][] = [
    ...(instructions === undefined
      ? []
      : [["base_instructions", instructions] as [string, Measure]]),
    ...byKind,
  ];
  const bytesByKind: Record<string, number> = {};
  const tokensByKind: Record<string, number> = {};
  const categoryOf: Record<string, ItemCategory> = {};
  for (const [kind, measure] of sizes) {
    bytesByKind[kind] = (bytesByKind[kind] ?? 0) + measure.bytes;
    tokensByKind[kind] = (tokensByKind[kind] ?? 0) + measure.tokens;
    categoryOf[kind] =
      kind === "base_instructions" ? "injected" : (categories.get(kind) ?? "other");
  }
  return { bytesByKind, tokensByKind, categoryOf };
}
