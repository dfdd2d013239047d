// One worker process of the load bench: appends every turn of its sessions, all sessions at
// once, and reports each append's latency to the parent. Run by bench.ts, never alone.
import { performance } from "node:perf_hooks";
import { createPostgresRolloutStore } from "../src/index.js";
import { turnRecords } from "./bench-turn.js";

interface WorkerTask {
  readonly url: string;
  readonly schema: string;
  readonly sessionIds: readonly string[];
  readonly turns: number;
}

process.once("message", async (task: WorkerTask) => {
  const store = createPostgresRolloutStore({
    url: task.url,
    schema: task.schema,
    maxConnections: task.sessionIds.length,
  });
  // Open every connection before the clock starts, then wait for the parent's go.
  await Promise.all(task.sessionIds.map((sessionId) => store.info(sessionId)));
  await new Promise<void>((resolve) => {
    process.once("message", () => resolve());
    process.send?.("ready");
  });
  const latencies: number[] = [];
  let duplicates = 0;
  await Promise.all(
    task.sessionIds.map(async (sessionId) => {
      let next = 0;
      for (let turn = 0; turn < task.turns; turn += 1) {
        const records = turnRecords(sessionId, turn);
        const started = performance.now();
        const result = await store.append({
          sessionId,
          expectedSequence: next,
          appendId: `${sessionId}-turn-${turn}`,
          records,
        });
        latencies.push(performance.now() - started);
        if (result.duplicate) duplicates += 1;
        next = result.nextSequence;
      }
    }),
  );
  await store.close();
  process.send?.({ latencies, duplicates }, () => process.exit(0));
});
