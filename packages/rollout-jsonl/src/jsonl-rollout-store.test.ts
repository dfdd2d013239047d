import { spawnSync } from "node:child_process";
import { constants } from "node:fs";
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RolloutConflictError, RolloutError, type SessionPage } from "@ctx/rollout";
import { describeRolloutStoreContract } from "@ctx/rollout/testing";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { simulateHistory } from "./__fixtures__/rollout/simulate-history.js";
import { encodeBatch } from "./jsonl-line.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";
import { currentProcessIdentity } from "./process-identity.js";
import { readIndexPage } from "./read-index-page.js";
import { RolloutLogMismatchError } from "./rollout-log-mismatch-error.js";

describeRolloutStoreContract("JSONL store", async () => {
  const directory = await mkdtemp(join(tmpdir(), "ctx-rollout-contract-"));
  return {
    open: () => createJsonlRolloutStore(directory),
    persistent: true,
    dispose: () => rm(directory, { recursive: true, force: true }),
  };
});

/**
 * Waits until the clock shows a later millisecond than now, so that what is written next is
 * stamped after what was written last: the store stamps in milliseconds, and a listing puts
 * the later stamp first, the greater id first between equal ones.
 */
async function laterMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() <= now) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe("createJsonlRolloutStore", () => {
  const folder = useTemporaryFolder("ctx-rollout-jsonl-");

  async function directoryBytes(): Promise<number> {
    let total = 0;
    for (const name of await readdir(folder())) total += (await stat(join(folder(), name))).size;
    return total;
  }

  it("keeps 200 turns with 20 forks, 5 rollbacks and 3 compactions within 1.2 times their records", async () => {
    const store = createJsonlRolloutStore(folder());
    await store.list();
    const history = await simulateHistory(store);
    await store.close();
    expect(history.sessions).toBe(21);
    expect(await directoryBytes()).toBeLessThanOrEqual(1.2 * history.uniqueRecordBytes);
  }, 120_000);

  /** Waits until the store has let go of the session's lock (it keeps it while appends follow). */
  async function released(sessionId: string): Promise<void> {
    for (let look = 0; look < 10_000; look += 1) {
      if (!(await readdir(folder())).includes(`${sessionId}.lock`)) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error(`the lock of ${sessionId} stayed held`);
  }

  it("breaks the lock of a writer that died, even when its pid now runs another process, and waits for a live one", async () => {
    const store = createJsonlRolloutStore(folder(), { lockTimeout: 200 });
    await store.create({ id: "s" });
    const lock = join(folder(), "s.lock");
    const self = currentProcessIdentity();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    const abandoned = [`${dead} abandoned\n`];
    if (self.start !== undefined) {
      const [boot, started] = self.start.split(":");
      // This process's pid, as a dead writer's pid given again: another start, or another boot.
      abandoned.push(`${process.pid} reused ${boot}:${Number(started) + 1}\n`);
      abandoned.push(`${process.pid} rebooted 00000000-0000-0000-0000-000000000000:${started}\n`);
    }
    let next = 0;
    for (const content of abandoned) {
      await writeFile(lock, content);
      next = (
        await store.append({
          sessionId: "s",
          expectedSequence: next,
          appendId: `a${next}`,
          records: [{ type: "response_item", payload: { text: content } }],
        })
      ).nextSequence;
      await released("s");
    }
    expect(next).toBe(abandoned.length);
    const live = [`${process.pid} someone-else\n`];
    if (self.start !== undefined) live.push(`${process.pid} same-process ${self.start}\n`);
    for (const content of live) {
      await writeFile(lock, content);
      await expect(
        store.append({
          sessionId: "s",
          expectedSequence: next,
          appendId: "b",
          records: [{ type: "response_item", payload: { text: "b" } }],
        }),
      ).rejects.toMatchObject({ code: "lock-timeout", sessionId: "s" });
      expect(await readFile(lock, "utf8")).toBe(content);
    }
    expect((await store.info("s"))?.nextSequence).toBe(next);
    await store.close();
  });

  it("lets go of a lock it keeps between appends when another store waits for it", async () => {
    const busy = createJsonlRolloutStore(folder());
    const other = createJsonlRolloutStore(folder(), { lockTimeout: 20_000 });
    await busy.create({ id: "s" });
    let otherDone = false;
    let busyAppends = 0;
    const record = { type: "response_item", payload: { text: "x" } };
    const hammering = (async () => {
      let next = 0;
      // Appends back to back until the other store got its turn (bounded by count).
      while (!otherDone && busyAppends < 20_000) {
        try {
          next = (
            await busy.append({
              sessionId: "s",
              expectedSequence: next,
              appendId: `b${next}`,
              records: [record],
            })
          ).nextSequence;
          busyAppends += 1;
        } catch (error) {
          if (!RolloutConflictError.isInstance(error)) throw error;
          next = error.actual;
        }
      }
    })();
    while (busyAppends === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const taken = await other
      .append({
        sessionId: "s",
        expectedSequence: 0,
        appendId: "other",
        records: [record],
      })
      .catch((error: unknown) => error);
    otherDone = true;
    await hammering;
    // The other store got the lock while the busy one kept appending: its stale append is a
    // conflict, not a lock timeout.
    expect(taken).toBeInstanceOf(RolloutConflictError);
    expect(busyAppends).toBeLessThan(20_000);
    await busy.close();
    await other.close();
  });

  it("finishes the calls under way when closed, and leaves no lock behind", async () => {
    const store = createJsonlRolloutStore(folder());
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
      (await readdir(folder())).filter(
        (name) => name.endsWith(".lock") || name.startsWith(".writer-"),
      ),
    ).toEqual([]);
  });

  it("removes on its first call the identity files of writers whose process is gone, only those", async () => {
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    await writeFile(join(folder(), `.writer-${dead}-killed`), `${dead} killed\n`);
    await writeFile(join(folder(), `.writer-${dead}-empty`), "");
    // A live process's file, and one being written (empty): the pid in its name decides.
    await writeFile(join(folder(), `.writer-${process.pid}-live`), `${process.pid} live\n`);
    await writeFile(join(folder(), `.writer-${process.pid}-starting`), "");
    const store = createJsonlRolloutStore(folder());
    expect((await store.list()).sessions).toEqual([]);
    await store.close();
    expect((await readdir(folder())).filter((name) => name.startsWith(".writer-")).sort()).toEqual([
      `.writer-${process.pid}-live`,
      `.writer-${process.pid}-starting`,
    ]);
  });

  it("rebuilds a missing or unreadable index, and corrects entries a crash left behind", async () => {
    const store = createJsonlRolloutStore(folder());
    for (const id of ["a", "b", "c"]) await store.create({ id, cwd: "/repo" });
    const ids = async () => (await store.list()).sessions.map((session) => session.id);
    expect(await ids()).toEqual(["c", "b", "a"]);
    const indexPath = join(folder(), ".index.jsonl");
    const before = await readFile(indexPath);
    await laterMillisecond();
    await store.append({
      sessionId: "a",
      expectedSequence: 0,
      appendId: "x",
      records: [{ type: "response_item", payload: { text: "x" } }],
    });
    // As if the process died before telling the index: the index no longer knows of the append.
    await writeFile(indexPath, before);
    const other = createJsonlRolloutStore(folder());
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

  it("reads a log again when it takes the lock again, after a hand replaced or extended it", async () => {
    const store = createJsonlRolloutStore(folder());
    await store.create({ id: "s" });
    await store.append({ sessionId: "s", expectedSequence: 0, appendId: "a0", records: text("a") });
    // While it holds the lock the store trusts its own view of the log; once it let go, a
    // file of the same size, with another first record, moved into place.
    await released("s");
    const log = join(folder(), "s.jsonl");
    await writeFile(
      `${log}.new`,
      (await readFile(log, "utf8")).replace('"text":"a"', '"text":"z"'),
    );
    await rename(`${log}.new`, log);
    await store.append({ sessionId: "s", expectedSequence: 1, appendId: "a1", records: text("c") });
    // A log of another size: a hand appended a batch.
    await released("s");
    const grown = encodeBatch(text("d"), 2, "d2", new Date().toISOString());
    await writeFile(log, grown, { flag: "a" });
    await expect(
      store.append({ sessionId: "s", expectedSequence: 2, appendId: "a2", records: text("e") }),
    ).rejects.toMatchObject({ code: "conflict", expected: 2, actual: 3 });
    const read = await store.read("s", { from: "start" });
    expect(read.records.map((record) => record.payload)).toEqual([
      { text: "z" },
      { text: "c" },
      { text: "d" },
    ]);
    await store.close();
  });

  /** The bytes this process has read so far (`rchar`), or `undefined` without `/proc`. */
  async function bytesReadByProcess(): Promise<number | undefined> {
    const io = await readFile("/proc/self/io", "utf8").catch(() => undefined);
    const match = io === undefined ? null : /^rchar: (\d+)$/m.exec(io);
    return match === null ? undefined : Number(match[1]);
  }

  it("rebuilds the listing from each log's header and last whole batch, reading a bounded number of bytes per log", async () => {
    const store = createJsonlRolloutStore(folder());
    const large = "x".repeat(1024 * 1024);
    const logs = 8;
    for (let index = 0; index < logs; index += 1) {
      const sessionId = `s${index}`;
      await store.create({ id: sessionId, cwd: `/repo/${index % 2}` });
      await laterMillisecond();
      // A long log (a 1 MB tool output) for half of them, a short one for the others.
      await store.append({
        sessionId,
        expectedSequence: 0,
        appendId: "first",
        records: text(index % 2 === 0 ? large : "short"),
      });
      await store.append({
        sessionId,
        expectedSequence: 1,
        appendId: "last",
        records: text("end"),
      });
    }
    // Created after s7's last append, in a later millisecond, so it lists first.
    await laterMillisecond();
    await store.create({ id: "empty" });
    await store.close();
    // A crash cut the last batch of two logs, and a header before its line end.
    await writeFile(join(folder(), "s0.jsonl"), '{"sequence":2,"type":"response_item","payl', {
      flag: "a",
    });
    await writeFile(
      join(folder(), "s1.jsonl"),
      '{"sequence":2,"type":"x","payload":1,"batch":"b"}\n',
      {
        flag: "a",
      },
    );
    await writeFile(join(folder(), "cut.jsonl"), '{"rollout":1,"id":"cut"');
    const bytes = await directoryBytes();
    await rm(join(folder(), ".index.jsonl"), { force: true });
    const reopened = createJsonlRolloutStore(folder());
    const before = await bytesReadByProcess();
    const page = await reopened.list();
    const after = await bytesReadByProcess();
    expect(page.sessions.map((session) => [session.id, session.nextSequence, session.cwd])).toEqual(
      [
        ["empty", 0, undefined],
        ...Array.from({ length: logs }, (_, index) => [
          `s${logs - 1 - index}`,
          2,
          `/repo/${(logs - 1 - index) % 2}`,
        ]),
      ],
    );
    // The logs hold more than 4 MB; the rebuild reads each one's first 64 KiB and its end.
    expect(bytes).toBeGreaterThan(4 * 1024 * 1024);
    if (before !== undefined && after !== undefined)
      expect(after - before).toBeLessThan((logs + 2) * 128 * 1024);
    // The rebuilt index lists the same.
    const again = createJsonlRolloutStore(folder());
    expect((await again.list()).sessions).toEqual(page.sessions);
    await again.close();
    await reopened.close();
  });

  it("rebuilds past a folder named like a log, which holds no session", async () => {
    const store = createJsonlRolloutStore(folder());
    await store.create({ id: "a" });
    await mkdir(join(folder(), "b.jsonl"));
    await rm(join(folder(), ".index.jsonl"), { force: true });
    expect(ids(await store.list())).toEqual(["a"]);
    await store.close();
  });

  // Where the system has no O_NOATIME (macOS, Windows), reads may update access times.
  it.skipIf(constants.O_NOATIME === undefined)(
    "rebuilds without touching the logs' access times",
    async () => {
      const store = createJsonlRolloutStore(folder());
      await store.create({ id: "a" });
      await store.close();
      // An access time before the last change: on a relatime mount, a plain read updates it.
      const log = join(folder(), "a.jsonl");
      const accessed = new Date(Date.now() - 3_600_000);
      await utimes(log, accessed, new Date());
      await rm(join(folder(), ".index.jsonl"), { force: true });
      const reopened = createJsonlRolloutStore(folder());
      expect(ids(await reopened.list())).toEqual(["a"]);
      // Whole milliseconds: atimeMs is seconds and nanoseconds in a float, 0.001 off at times.
      expect(Math.round((await stat(log)).atimeMs)).toBe(accessed.getTime());
      await reopened.close();
    },
  );

  it("sorts the index again once appends grow its tail, so a listing reads about a page", async () => {
    const store = createJsonlRolloutStore(folder());
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
    const other = createJsonlRolloutStore(folder());
    expect(
      (await other.list()).sessions.map((session) => [session.id, session.nextSequence]),
    ).toEqual([
      ["a", 300],
      ["b", 0],
    ]);
    const text = await readFile(join(folder(), ".index.jsonl"));
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

  const ids = (page: SessionPage) => page.sessions.map((session) => session.id);
  const text = (value: string) => [{ type: "response_item", payload: { text: value } }];

  it("refuses a log whose header names another session (a copy, a link or a rename) and lists it under neither id", async () => {
    const store = createJsonlRolloutStore(folder());
    await store.create({ id: "a" });
    await store.append({ sessionId: "a", expectedSequence: 0, appendId: "a0", records: text("a") });
    const log = (id: string) => join(folder(), `${id}.jsonl`);
    const before = await readFile(log("a"));
    await copyFile(log("a"), log("b"));
    await symlink(log("a"), log("c"));
    for (const id of ["b", "c"]) {
      const mismatch = { code: "log-mismatch", sessionId: id, headerSessionId: "a", path: log(id) };
      await expect(store.info(id)).rejects.toMatchObject(mismatch);
      await expect(store.read(id)).rejects.toMatchObject(mismatch);
      await expect(store.read(id)).rejects.toBeInstanceOf(RolloutLogMismatchError);
      await expect(
        store.append({ sessionId: id, expectedSequence: 1, appendId: "x", records: text(id) }),
      ).rejects.toMatchObject(mismatch);
    }
    expect(await readFile(log("a"))).toEqual(before);
    expect((await store.read("a")).records).toHaveLength(1);
    // Rebuilt from the logs, the listing holds a once and says which logs it left out.
    await rm(join(folder(), ".index.jsonl"), { force: true });
    const rebuilt = await store.list();
    expect(ids(rebuilt)).toEqual(["a"]);
    expect(rebuilt.warnings?.map((warning) => [warning.code, warning.sessionId]).sort()).toEqual([
      ["log-mismatch", "b"],
      ["log-mismatch", "c"],
    ]);
    const again = await createJsonlRolloutStore(folder()).list();
    expect(ids(again)).toEqual(["a"]);
    // a's log renamed to d: a is gone, and d is not a.
    await rm(log("c"));
    await rename(log("a"), log("d"));
    await expect(store.read("d")).rejects.toMatchObject({
      code: "log-mismatch",
      headerSessionId: "a",
    });
    expect(ids(await store.list())).toEqual([]);
    await store.close();
  });

  describe("an index that cannot be read", () => {
    const indexPath = () => join(folder(), ".index.jsonl");
    /** The index as a store left it, with its first sorted line listed twice in the sorted part. */
    async function listedTwice(): Promise<string> {
      const [header = "", first = "", ...rest] = (await readFile(indexPath(), "utf8")).split("\n");
      const { sorted } = JSON.parse(header) as { sorted: number };
      const twice = sorted + Buffer.byteLength(first) + 1;
      return [JSON.stringify({ index: 2, sorted: twice }), first, first, ...rest].join("\n");
    }
    const damage: [string, () => Promise<string>][] = [
      ["empty", async () => ""],
      ["full of NUL bytes", async () => "\0".repeat(4096)],
      [
        "with an impossible count",
        async () =>
          (await readFile(indexPath(), "utf8")).replace(/"sorted":\d+/, '"sorted":999999999'),
      ],
      ["listing a session twice", listedTwice],
      [
        "without its header",
        async () => (await readFile(indexPath(), "utf8")).split("\n").slice(1).join("\n"),
      ],
    ];
    it.each(damage)(
      "is rebuilt when it is %s, and stays right after later appends",
      async (_, damaged) => {
        const store = createJsonlRolloutStore(folder());
        for (const id of ["a", "b", "c"]) await store.create({ id });
        // Appended in a later millisecond than c was created, so it lists before c.
        await laterMillisecond();
        await store.append({
          sessionId: "a",
          expectedSequence: 0,
          appendId: "a0",
          records: text("a"),
        });
        expect(ids(await store.list())).toEqual(["a", "c", "b"]);
        await writeFile(indexPath(), await damaged());
        // A store that never read the index, and one that did, both rebuild it.
        expect(ids(await createJsonlRolloutStore(folder()).list())).toEqual(["a", "c", "b"]);
        await writeFile(indexPath(), await damaged());
        expect(ids(await store.list())).toEqual(["a", "c", "b"]);
        // Another store appends, in this state and after it: every store lists what the logs say.
        const other = createJsonlRolloutStore(folder());
        await other.append({
          sessionId: "b",
          expectedSequence: 0,
          appendId: "b0",
          records: text("b"),
        });
        await writeFile(indexPath(), await damaged());
        await store.append({
          sessionId: "c",
          expectedSequence: 0,
          appendId: "c0",
          records: text("c"),
        });
        for (const lister of [store, other, createJsonlRolloutStore(folder())]) {
          const page = await lister.list();
          expect(page.sessions.map((session) => [session.id, session.nextSequence])).toEqual([
            ["c", 1],
            ["b", 1],
            ["a", 1],
          ]);
        }
        expect(await readIndexPage(indexPath(), {})).not.toBe("unreadable");
        await other.close();
        await store.close();
      },
    );
  });

  it("refuses an empty directory or unknown options", () => {
    expect(() => createJsonlRolloutStore("")).toThrow(RolloutError);
    expect(() => createJsonlRolloutStore(folder(), { lockTimeout: -1 })).toThrow(
      expect.objectContaining({ code: "invalid-argument" }),
    );
  });
});
