import type { JsonValue } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import type { Snapshots } from "./snapshots.js";

/** The snapshots of `snapshots` that outlive a lost baseline: those of sections that survive a reset. */
export function survivingSnapshots(registry: Registry, snapshots: Snapshots): Snapshots {
  const kept: Record<string, JsonValue> = {};
  for (const kind of registry.kinds) {
    const id = kind.section?.id;
    const value = id === undefined ? undefined : snapshots[id];
    if (id !== undefined && value !== undefined && kind.section?.survivesReset) kept[id] = value;
  }
  return kept;
}
