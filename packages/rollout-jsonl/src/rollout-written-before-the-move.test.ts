import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { resumeSession } from "@ctx/session";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { beforeEach, describe, expect, it } from "vitest";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

// Written by @ctx/session's JSONL store at a7366c6, before it moved here (see its README).
const fixture = join(import.meta.dirname, "__fixtures__", "written-at-a7366c6");

interface Expected {
  readonly listed: readonly { readonly id: string }[];
  readonly sessions: Readonly<
    Record<
      string,
      {
        readonly records: readonly (readonly [number, string, boolean])[];
        readonly fromLatestCheckpoint: readonly number[];
        readonly history: readonly unknown[];
        readonly nextInputLength: number;
      }
    >
  >;
}

const turn = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "Europe/Paris",
  permissions: { sandboxMode: "read-only" as const, approvalPolicy: "never" as const },
};

const folder = useTemporaryFolder("ctx-rollout-before-the-move-");
let expected: Expected;

beforeEach(async () => {
  await cp(join(fixture, "folder"), folder(), { recursive: true });
  expected = JSON.parse(await readFile(join(fixture, "expected.json"), "utf8")) as Expected;
});

describe("a rollout folder written before the store moved to @ctx/rollout-jsonl", () => {
  it("lists and reads as the store that wrote it did", async () => {
    const store = createJsonlRolloutStore(folder());
    expect((await store.list()).sessions).toEqual(expected.listed);
    for (const { id } of expected.listed) {
      const want = expected.sessions[id];
      const all = await store.read(id, { from: "start" });
      expect(all.warnings).toEqual([]);
      expect(
        all.records.map((record) => [record.sequence, record.type, record.checkpoint === true]),
      ).toEqual(want?.records);
      const latest = await store.read(id);
      expect(latest.records.map((record) => record.sequence)).toEqual(want?.fromLatestCheckpoint);
    }
    await store.close();
  });

  it("resumes each session with the history it had, and takes the next turn on it", async () => {
    const store = createJsonlRolloutStore(folder());
    for (const { id } of expected.listed) {
      const want = expected.sessions[id];
      const session = await resumeSession(store, { sessionId: id });
      expect(session.history().map(({ item, origin }) => ({ item, origin }))).toEqual(
        want?.history,
      );
      const request = await session.beginTurn(turn, "Carry on.");
      expect(request.input.length).toBe(want?.nextInputLength);
    }
    await store.close();
    // The turns just taken are on disk after the old records, for a store opened afresh.
    const reopened = createJsonlRolloutStore(folder());
    for (const { id } of expected.listed) {
      const records = (await reopened.read(id, { from: "start" })).records;
      expect(records.length).toBeGreaterThan(expected.sessions[id]?.records.length ?? 0);
      const resumed = await resumeSession(reopened, { sessionId: id });
      expect(resumed.history().at(-1)?.origin).toEqual({ source: "user" });
    }
    await reopened.close();
  });
});
