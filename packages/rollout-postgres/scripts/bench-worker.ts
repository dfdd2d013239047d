// One worker process of the load bench: appends every turn of its sessions, all sessions at
// once, and reports each append's latency and its CPU time to the parent. Run by bench.ts,
// never alone.
//
// Mode `store` appends through the store; mode `floor` writes each turn as a plain one-row
// INSERT of the same JSON text, in its own transaction (the server's default durability, as the
// store's), for the floor the store is measured against.
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { createPostgresRolloutStore } from "../src/index.js";
import { turnRecords } from "./bench-turn.js";
import { schedulerWaitMilliseconds } from "./scheduler-wait.js";

interface WorkerTask {
  readonly mode: "store" | "floor";
  readonly url: string;
  readonly schema: string;
  readonly sessionIds: readonly string[];
  readonly turns: number;
}

interface Writer {
  /** Opens every connection, so none is opened while the clock runs. */
  warm(): Promise<void>;
  /** Appends one turn; resolves with the session's next sequence. */
  append(sessionId: string, turn: number, expectedSequence: number): Promise<number>;
  close(): Promise<void>;
}

function storeWriter(task: WorkerTask): Writer {
  const store = createPostgresRolloutStore({
    url: task.url,
    schema: task.schema,
    maxConnections: task.sessionIds.length,
  });
  return {
    warm: async () => {
      await Promise.all(task.sessionIds.map((sessionId) => store.info(sessionId)));
    },
    append: async (sessionId, turn, expectedSequence) => {
      const result = await store.append({
        sessionId,
        expectedSequence,
        appendId: `${sessionId}-turn-${turn}`,
        records: turnRecords(sessionId, turn),
      });
      if (result.duplicate) throw new Error(`turn ${turn} of ${sessionId} came back a duplicate`);
      return result.nextSequence;
    },
    close: () => store.close(),
  };
}

function floorWriter(task: WorkerTask): Writer {
  const sql = postgres(task.url, { max: task.sessionIds.length, onnotice: () => {} });
  const statement = `INSERT INTO "${task.schema}".bench_floor (session_id, sequence, records) VALUES ($1, $2, $3)`;
  return {
    warm: async () => {
      await Promise.all(task.sessionIds.map(() => sql`SELECT 1`));
    },
    append: async (sessionId, turn, expectedSequence) => {
      const records = turnRecords(sessionId, turn);
      await sql.unsafe(statement, [sessionId, expectedSequence, JSON.stringify(records)], {
        prepare: true,
      });
      return expectedSequence + records.length;
    },
    close: () => sql.end(),
  };
}

process.once("message", async (task: WorkerTask) => {
  const writer = task.mode === "store" ? storeWriter(task) : floorWriter(task);
  await writer.warm();
  await new Promise<void>((resolve) => {
    process.once("message", () => resolve());
    process.send?.("ready");
  });
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const waitBefore = schedulerWaitMilliseconds();
  await Promise.all(
    task.sessionIds.map(async (sessionId) => {
      let next = 0;
      for (let turn = 0; turn < task.turns; turn += 1) {
        const started = performance.now();
        next = await writer.append(sessionId, turn, next);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const waitAfter = schedulerWaitMilliseconds();
  // The connections stay open until the parent has read the server's CPU time (a backend's
  // counts only while it lives), then the worker closes them and exits.
  process.once("message", async () => {
    await writer.close();
    process.exit(0);
  });
  process.send?.({
    latencies,
    cpuMilliseconds: (used.user + used.system) / 1000,
    waitMilliseconds:
      waitBefore === undefined || waitAfter === undefined ? null : waitAfter - waitBefore,
  });
});
