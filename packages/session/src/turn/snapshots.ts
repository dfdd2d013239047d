import type { JsonValue } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";

/** The sections' snapshots, by section id. */
export type Snapshots = Readonly<Record<string, JsonValue>>;

/** Whether `value`, a `world_state` record's state once patched, is a snapshots object. */
export function isSnapshots(value: JsonValue): value is Snapshots {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

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
