import { describe, expect, it } from "vitest";
import { type OwnRecords, readRolloutChain } from "./read-rollout-chain.js";
import type { StoredRecord } from "./rollout-record.js";
import type { SessionInfo } from "./rollout-store.js";

const info = (id: string, nextSequence: number, parent?: SessionInfo["parent"]): SessionInfo => ({
  id,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  cwd: undefined,
  parent,
  nextSequence,
  archived: false,
  meta: null,
});

const record = (sequence: number, text: string, checkpoint = false): StoredRecord => ({
  sequence,
  type: "response_item",
  payload: { text },
  ...(checkpoint ? { checkpoint: true } : {}),
});

// "root" has four records, a checkpoint at 1; "fork" keeps root's first three, then has its own.
const sessions = new Map([
  ["root", info("root", 4)],
  ["fork", info("fork", 5, { sessionId: "root", sequence: 3 })],
]);
const records = new Map<string, StoredRecord[]>([
  ["root", [record(0, "r0"), record(1, "r1", true), record(2, "r2"), record(3, "r3")]],
  ["fork", [record(3, "f3"), record(4, "f4")]],
]);
const source = {
  info: async (id: string) => sessions.get(id),
  ownRecords: async (
    session: SessionInfo,
    below: number,
    from: "latest-checkpoint" | "start",
  ): Promise<OwnRecords> => {
    const own = (records.get(session.id) ?? []).filter((entry) => entry.sequence < below);
    const checkpoint = own.findLastIndex((entry) => entry.checkpoint === true);
    const start = from === "latest-checkpoint" && checkpoint !== -1 ? checkpoint : 0;
    return {
      records: own.slice(start),
      fromCheckpoint: start > 0 || checkpoint === 0,
      warnings: [],
    };
  },
};
const texts = (read: { records: readonly StoredRecord[] }) =>
  read.records.map((entry) => (entry.payload as { text: string }).text);

describe("readRolloutChain", () => {
  it("puts the parent's prefix below the fork point before the fork's own records", async () => {
    expect(texts(await readRolloutChain(source, "fork", "start"))).toEqual([
      "r0",
      "r1",
      "r2",
      "f3",
      "f4",
    ]);
  });

  it("goes up the chain only until a checkpoint", async () => {
    expect(texts(await readRolloutChain(source, "fork", "latest-checkpoint"))).toEqual([
      "r1",
      "r2",
      "f3",
      "f4",
    ]);
  });

  it("names a missing session, and each wrong argument", async () => {
    await expect(readRolloutChain(source, "none", "start")).rejects.toThrow(/none/);
    await expect(readRolloutChain({} as never, "fork", "start")).rejects.toThrow(/source/);
    await expect(readRolloutChain(source, "", "start")).rejects.toThrow(/sessionId/);
    await expect(readRolloutChain(source, "fork", "end" as never)).rejects.toThrow(/from/);
  });
});
