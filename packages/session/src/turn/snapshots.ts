import type { JsonValue } from "@ctx/protocol";

/** The sections' snapshots, by section id. */
export type Snapshots = Readonly<Record<string, JsonValue>>;

/** Whether `value`, a `world_state` record's state once patched, is a snapshots object. */
export function isSnapshots(value: JsonValue): value is Snapshots {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
