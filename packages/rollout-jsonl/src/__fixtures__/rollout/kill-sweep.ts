import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "vitest";
import { createJsonlRolloutStore } from "../../jsonl-rollout-store.js";
import { crashRecord } from "./crash-record.js";

/** Starts the bundled rollout worker (`rollout-worker.ts`) with `args`. */
export function startWorker(worker: string, ...args: string[]): ChildProcess {
  return spawn(process.execPath, [worker, ...args], { stdio: ["ignore", "pipe", "pipe"] });
}

/** Waits for a child to end, with its exit code and what it wrote to stderr. */
export function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
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

/**
 * Kills a writer process at random `killsPerLane` times in each of `lanes` sessions at once, and
 * checks after each kill that nothing read before or acknowledged since is lost, and that at
 * most the batch being written was added. `pnpm test` kills 8; the soak run, 200.
 */
export async function sweepKills(
  worker: string,
  directory: string,
  lanes: number,
  killsPerLane: number,
): Promise<void> {
  const store = createJsonlRolloutStore(directory);
  const lane = async (index: number) => {
    const sessionId = `crash-${index}`;
    const next = random(index + 1);
    await store.create({ id: sessionId });
    let acknowledged = 0;
    let durable = 0;
    for (let kill = 0; kill < killsPerLane; kill += 1) {
      const child = startWorker(worker, "crash", directory, sessionId);
      const exit = exited(child);
      // Kill after 0 to 3 acknowledged batches (so every lane makes progress however busy the
      // machine is), then 0 to 4 ms later: inside the next append, or between two.
      // The first kill of a lane waits for one, so every lane has acknowledged something.
      const wanted = Math.max(kill === 0 ? 1 : 0, Math.floor(next() * 4));
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
}
