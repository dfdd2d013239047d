import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RolloutError } from "@ctx/rollout";
import { describeRolloutStoreContract } from "@ctx/rollout/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { simulateHistory } from "./__fixtures__/rollout/simulate-history.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

describeRolloutStoreContract("JSONL store", async () => {
  const directory = await mkdtemp(join(tmpdir(), "ctx-rollout-contract-"));
  return {
    open: () => createJsonlRolloutStore(directory),
    persistent: true,
    dispose: () => rm(directory, { recursive: true, force: true }),
  };
});

describe("createJsonlRolloutStore", () => {
  let directory = "";
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "ctx-rollout-jsonl-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function directoryBytes(): Promise<number> {
    let total = 0;
    for (const name of await readdir(directory)) total += (await stat(join(directory, name))).size;
    return total;
  }

  it("keeps 200 turns with 20 forks, 5 rollbacks and 3 compactions within 1.2 times their records", async () => {
    const store = createJsonlRolloutStore(directory);
    await store.list();
    const history = await simulateHistory(store);
    await store.close();
    expect(history.sessions).toBe(21);
    expect(await directoryBytes()).toBeLessThanOrEqual(1.2 * history.uniqueRecordBytes);
  }, 120_000);

  it("breaks the lock of a writer that died, and waits for a live one", async () => {
    const store = createJsonlRolloutStore(directory, { lockTimeout: 200 });
    await store.create({ id: "s" });
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    await writeFile(join(directory, "s.lock"), `${dead} abandoned\n`);
    const record = { type: "response_item", payload: { text: "a" } };
    await store.append({ sessionId: "s", expectedSequence: 0, appendId: "a", records: [record] });
    expect(await readdir(directory)).not.toContain("s.lock");
    await writeFile(join(directory, "s.lock"), `${process.pid} someone-else\n`);
    await expect(
      store.append({ sessionId: "s", expectedSequence: 1, appendId: "b", records: [record] }),
    ).rejects.toMatchObject({ code: "lock-timeout", sessionId: "s" });
    expect((await store.info("s"))?.nextSequence).toBe(1);
    await store.close();
  });

  it("finishes the calls under way when closed, and leaves no lock behind", async () => {
    const store = createJsonlRolloutStore(directory);
    await store.create({ id: "s" });
    const appending = store.append({
      sessionId: "s",
      expectedSequence: 0,
      appendId: "a",
      records: [{ type: "response_item", payload: { text: "a" } }],
    });
    await store.close();
    expect(await appending).toEqual({ nextSequence: 1, duplicate: false });
    expect(
      (await readdir(directory)).filter(
        (name) => name.endsWith(".lock") || name.startsWith(".writer-"),
      ),
    ).toEqual([]);
  });

  it("rebuilds a missing or unreadable index, and corrects entries a crash left behind", async () => {
    const store = createJsonlRolloutStore(directory);
    for (const id of ["a", "b", "c"]) await store.create({ id, cwd: "/repo" });
    const ids = async () => (await store.list()).sessions.map((session) => session.id);
    expect(await ids()).toEqual(["c", "b", "a"]);
    const indexPath = join(directory, ".index.jsonl");
    const before = await readFile(indexPath);
    await new Promise((resolve) => setTimeout(resolve, 3));
    await store.append({
      sessionId: "a",
      expectedSequence: 0,
      appendId: "x",
      records: [{ type: "response_item", payload: { text: "x" } }],
    });
    // As if the process died before telling the index: the index no longer knows of the append.
    await writeFile(indexPath, before);
    const other = createJsonlRolloutStore(directory);
    expect(
      (await other.list()).sessions.map((session) => [session.id, session.nextSequence]),
    ).toEqual([
      ["a", 1],
      ["c", 0],
      ["b", 0],
    ]);
    await rm(indexPath);
    expect(await ids()).toEqual(["a", "c", "b"]);
    await writeFile(indexPath, "not an index\n");
    expect((await other.list({ limit: 1 })).sessions.map((session) => session.id)).toEqual(["a"]);
    await other.close();
    await store.close();
  });

  it("sorts the index again once appends grow its tail, so a listing reads about a page", async () => {
    const store = createJsonlRolloutStore(directory);
    for (const id of ["a", "b"]) await store.create({ id });
    await store.list();
    let next = 0;
    for (let turn = 0; turn < 300; turn += 1)
      next = (
        await store.append({
          sessionId: "a",
          expectedSequence: next,
          appendId: `t${turn}`,
          records: [{ type: "response_item", payload: { turn } }],
        })
      ).nextSequence;
    const other = createJsonlRolloutStore(directory);
    expect(
      (await other.list()).sessions.map((session) => [session.id, session.nextSequence]),
    ).toEqual([
      ["a", 300],
      ["b", 0],
    ]);
    const text = await readFile(join(directory, ".index.jsonl"));
    const headerEnd = text.indexOf("\n") + 1;
    const header = JSON.parse(text.toString("utf8", 0, headerEnd)) as {
      index: number;
      sorted: number;
    };
    expect(header.index).toBe(2);
    // One sorted line per session, and no more than the bound appended after them.
    const sorted = text
      .toString("utf8", headerEnd, headerEnd + header.sorted)
      .trimEnd()
      .split("\n");
    expect(sorted.map((line) => (JSON.parse(line) as { id: string }).id).sort()).toEqual([
      "a",
      "b",
    ]);
    const tail = text
      .toString("utf8", headerEnd + header.sorted)
      .trimEnd()
      .split("\n");
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.length).toBeLessThanOrEqual(256);
    await other.close();
    await store.close();
  });

  it("refuses an empty directory or unknown options", () => {
    expect(() => createJsonlRolloutStore("")).toThrow(RolloutError);
    expect(() => createJsonlRolloutStore(directory, { lockTimeout: -1 })).toThrow(
      expect.objectContaining({ code: "invalid-argument" }),
    );
  });
});
