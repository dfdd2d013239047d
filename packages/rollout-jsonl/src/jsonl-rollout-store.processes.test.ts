import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RolloutConflictError } from "@ctx/rollout";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRolloutWorker } from "./__fixtures__/rollout/build-rollout-worker.js";
import { crashRecord } from "./__fixtures__/rollout/crash-record.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

let worker = "";
let directory = "";

beforeAll(async () => {
  worker = await buildRolloutWorker();
  directory = await mkdtemp(join(tmpdir(), "ctx-rollout-processes-"));
}, 60_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  await rm(join(worker, ".."), { recursive: true, force: true });
});

function startWorker(...args: string[]): ChildProcess {
  return spawn(process.execPath, [worker, ...args], { stdio: ["ignore", "pipe", "pipe"] });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

/** A small deterministic generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("createJsonlRolloutStore across processes", () => {
  it("gives every slot to exactly one of 32 writers in 4 processes, none to a stale writer", async () => {
    const store = createJsonlRolloutStore(directory);
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
          "race",
          directory,
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

  it("loses at most the batch being written when a writer is killed at random, 200 times", async () => {
    const lanes = 4;
    const killsPerLane = 50;
    const store = createJsonlRolloutStore(directory);
    const lane = async (index: number) => {
      const sessionId = `crash-${index}`;
      const next = random(index + 1);
      await store.create({ id: sessionId });
      let acknowledged = 0;
      let durable = 0;
      for (let kill = 0; kill < killsPerLane; kill += 1) {
        const child = startWorker("crash", directory, sessionId);
        const exit = exited(child);
        // Kill after 0 to 3 acknowledged batches (so every lane makes progress however busy the
        // machine is), then 0 to 4 ms later: inside the next append, or between two.
        const wanted = Math.floor(next() * 4);
        let acknowledgedHere = 0;
        let started = false;
        let output = "";
        const ready = new Promise<void>((resolve) => {
          child.stdout?.on("data", (chunk: Buffer) => {
            output += chunk.toString();
            const lines = output.split("\n");
            output = lines.pop() ?? "";
            for (const line of lines) {
              if (line === "ready") started = true;
              else {
                acknowledgedHere += 1;
                acknowledged = Math.max(acknowledged, Number(line));
              }
            }
            if (started && acknowledgedHere >= wanted) resolve();
          });
          child.on("exit", () => resolve());
        });
        await ready;
        await new Promise((resolve) => setTimeout(resolve, next() * 4));
        child.kill("SIGKILL");
        const { code, stderr } = await exit;
        expect(stderr).toBe("");
        expect(code).toBeNull();
        const read = await store.read(sessionId, { from: "start" });
        expect(read.warnings.length).toBeLessThanOrEqual(1);
        // Nothing read before or acknowledged since is lost; at most the batch the writer was
        // writing (three records at most) was added without its acknowledgement.
        const known = Math.max(durable, acknowledged);
        expect(read.records.length).toBeGreaterThanOrEqual(known);
        expect(read.records.length).toBeLessThanOrEqual(known + 3);
        durable = read.records.length;
        read.records.forEach((record, sequence) => {
          expect(record).toEqual({ sequence, ...crashRecord(sequence) });
        });
        const resumed = await store.read(sessionId);
        expect(resumed.records.at(-1)).toEqual(read.records.at(-1));
      }
      return acknowledged;
    };
    const results = await Promise.all(Array.from({ length: lanes }, (_, index) => lane(index)));
    for (const acknowledged of results) expect(acknowledged).toBeGreaterThan(0);
    await store.close();
  }, 180_000);
});
