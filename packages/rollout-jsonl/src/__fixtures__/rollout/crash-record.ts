import type { RolloutRecord } from "@ctx/rollout";

/** The record the crash tests write at `sequence`: its content follows from its place. */
export function crashRecord(sequence: number): RolloutRecord {
  return {
    type: "response_item",
    payload: { sequence, text: `record ${sequence} `.repeat(1 + ((sequence * 7919) % 97)) },
    ...(sequence % 17 === 16 ? { checkpoint: true } : {}),
  };
}
