import { spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { RolloutConflictError } from "@ctx/rollout";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRolloutWorker } from "./__fixtures__/rollout/build-rollout-worker.js";
import { exited, startWorker, sweepKills } from "./__fixtures__/rollout/kill-sweep.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

let worker = "";
const folder = useTemporaryFolder("ctx-rollout-processes-", { per: "file" });

beforeAll(async () => {
  worker = await buildRolloutWorker();
}, 60_000);

afterAll(async () => {
  // Only the worker's own folder, once it was built: with no worker, `join("", "..")` is the
  // packages folder of the checkout the test runs in.
  if (worker !== "") await rm(dirname(worker), { recursive: true, force: true });
});

describe("createJsonlRolloutStore across processes", () => {
  it("gives every slot to exactly one of 32 writers in 4 processes, none to a stale writer", async () => {
    const store = createJsonlRolloutStore(folder());
    await store.create({ id: "raced" });
    await store.append({
      sessionId: "raced",
      expectedSequence: 0,
      appendId: "seed",
      records: [{ type: "response_item", payload: { text: "seed" } }],
    });
    const processes = 4;
    const writersPerProcess = 8;
    const perWriter = 5;
    const children = Array.from({ length: processes }, (_, index) =>
      exited(
        startWorker(
          worker,
          "race",
          folder(),
          "raced",
          `${writersPerProcess}`,
          `${perWriter}`,
          `p${index}`,
        ),
      ),
    );
    let racing = true;
    let staleWins = 0;
    let staleConflicts = 0;
    const stale = (async () => {
      for (let attempt = 0; racing; attempt += 1) {
        try {
          await store.append({
            sessionId: "raced",
            expectedSequence: 0,
            appendId: `stale-${attempt}`,
            records: [{ type: "response_item", payload: { text: "stale" } }],
          });
          staleWins += 1;
        } catch (error) {
          if (!RolloutConflictError.isInstance(error)) throw error;
          staleConflicts += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const results = await Promise.all(children);
    racing = false;
    await stale;
    for (const result of results) expect(result).toEqual({ code: 0, stderr: "" });
    const read = await store.read("raced", { from: "start" });
    const texts = read.records.map((record) => (record.payload as { text: string }).text);
    expect(read.records.map((record) => record.sequence)).toEqual(texts.map((_, index) => index));
    expect(texts.length).toBe(1 + processes * writersPerProcess * perWriter);
    expect(new Set(texts).size).toBe(texts.length);
    expect(staleWins).toBe(0);
    expect(staleConflicts).toBeGreaterThan(0);
    await store.close();
  }, 120_000);

  it("loses at most the batch being written when a writer is killed at random, 8 times", async () => {
    // The full sweep (200 kills) is jsonl-rollout-store.processes.soak.test.ts.
    await sweepKills(worker, folder(), 4, 2);
  });

  it("removes the identity file a writer stopped with Ctrl-C left, when the next store opens", async () => {
    const store = createJsonlRolloutStore(folder());
    await store.create({ id: "interrupted" });
    await store.close();
    const child = startWorker(worker, "crash", folder(), "interrupted");
    const ended = exited(child);
    // The first acknowledged append: the writer's identity file is written by then.
    await new Promise<void>((resolve) => {
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (/^\d+$/m.test(output)) resolve();
      });
    });
    const identity = `.writer-${child.pid}-`;
    expect((await readdir(folder())).some((name) => name.startsWith(identity))).toBe(true);
    child.kill("SIGINT");
    expect((await ended).code).toBeNull();
    expect((await readdir(folder())).some((name) => name.startsWith(identity))).toBe(true);

    const next = createJsonlRolloutStore(folder());
    await next.info("interrupted");
    expect((await readdir(folder())).filter((name) => name.startsWith(".writer-"))).toEqual([]);
    await next.close();
  });

  it("lists a folder it cannot write from the logs, and writes nothing there", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ctx-rollout-read-only-"));
    const store = createJsonlRolloutStore(folder);
    for (const id of ["a", "b"]) await store.create({ id });
    await store.append({
      sessionId: "a",
      expectedSequence: 0,
      appendId: "a0",
      records: [{ type: "response_item", payload: { text: "a" } }],
    });
    await store.list();
    await store.close();
    const index = join(folder, ".index.jsonl");
    // Running as root, the listing runs as nobody: root writes a read-only folder anyway.
    const asRoot = process.getuid?.() === 0;
    await chmod(join(worker, ".."), 0o755);
    try {
      for (const state of ["missing", "empty", "current"]) {
        if (state === "missing") await rm(index);
        if (state === "empty") await writeFile(index, "");
        if (state === "current") await rm(index, { force: true });
        if (state === "current") {
          const writer = createJsonlRolloutStore(folder);
          await writer.list();
          await writer.close();
        }
        const before = await readdir(folder);
        const indexBefore = await readFile(index).catch(() => undefined);
        await chmod(folder, 0o555);
        const child = spawn(process.execPath, [worker, "list", folder], {
          stdio: ["ignore", "pipe", "pipe"],
          ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
        });
        let output = "";
        child.stdout?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        const result = await exited(child);
        await chmod(folder, 0o755);
        expect(result).toEqual({ code: 0, stderr: "" });
        expect(JSON.parse(output)).toEqual({ ids: ["a", "b"], warnings: [] });
        expect(await readdir(folder)).toEqual(before);
        expect(await readFile(index).catch(() => undefined)).toEqual(indexBefore);
      }
    } finally {
      await chmod(folder, 0o755);
      await rm(folder, { recursive: true, force: true });
    }
  });
});
