import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";

/**
 * A new memory store holding `sessionId`'s rollout as `store` has it: a resumed session that
 * takes its turn beside the live one is a second writer, so it writes to a copy.
 */
export async function copyRollout(store: RolloutStore, sessionId: string): Promise<RolloutStore> {
  const { session, records } = await store.read(sessionId, { from: "start" });
  const copy = createMemoryRolloutStore();
  await copy.create({
    id: sessionId,
    ...(session.cwd === undefined ? {} : { cwd: session.cwd }),
    meta: session.meta,
  });
  await copy.append({
    sessionId,
    expectedSequence: 0,
    appendId: "copy",
    records: records.map(({ sequence: _sequence, ...record }) => record),
  });
  return copy;
}
