// One worker process of the load bench: holds both writers of its sessions, the floor's and the
// store's, and on each order from the parent appends one slice of turns of every session, all
// sessions at once, through the writer it names, then reports each append's latency, its CPU
// time and its wait for a CPU. Run by bench.ts, never alone.
//
// The store's writer appends through the store; the floor's writes each turn as a plain one-row
// INSERT of the same JSON text, in its own transaction (the server's default durability, as the
// store's). The parent alternates the two over the same processes, sessions and turns, so each
// is measured under the same load.
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { createPostgresRolloutStore } from "../src/index.js";
import { turnRecords } from "./bench-turn.js";
import { schedulerWaitMilliseconds } from "./scheduler-wait.js";

/** How a load slice writes each turn: through the store, or as the plain INSERT of the floor. */
export type LoadMode = "store" | "floor";

/** What the parent sends first: where to write, and which sessions are this worker's. */
export interface WorkerTask {
  readonly url: string;
  readonly schema: string;
  readonly sessionIds: readonly string[];
}

/** One slice of the load: turns `from` to `to` (not included) of every session, through `mode`. */
export interface WorkerSlice {
  readonly mode: LoadMode;
  readonly from: number;
  readonly to: number;
}

/** What a worker measured of one slice. */
export interface WorkerReport {
  readonly latencies: number[];
  /** The worker's CPU time (user and system) while the slice ran, in milliseconds. */
  readonly cpuMilliseconds: number;
  /** How long the worker waited for a CPU while the slice ran, in milliseconds, when known. */
  readonly waitMilliseconds: number | null;
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

/** Appends one slice of turns of every session through `writer`, measuring it. */
async function runSlice(
  writer: Writer,
  next: Map<string, number>,
  slice: WorkerSlice,
): Promise<WorkerReport> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const waitBefore = schedulerWaitMilliseconds();
  await Promise.all(
    [...next.keys()].map(async (sessionId) => {
      for (let turn = slice.from; turn < slice.to; turn += 1) {
        const started = performance.now();
        next.set(sessionId, await writer.append(sessionId, turn, next.get(sessionId) ?? 0));
        latencies.push(performance.now() - started);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const waitAfter = schedulerWaitMilliseconds();
  return {
    latencies,
    cpuMilliseconds: (used.user + used.system) / 1000,
    waitMilliseconds:
      waitBefore === undefined || waitAfter === undefined ? null : waitAfter - waitBefore,
  };
}

process.once("message", async (task: WorkerTask) => {
  const writers: Record<LoadMode, Writer> = { floor: floorWriter(task), store: storeWriter(task) };
  const next: Record<LoadMode, Map<string, number>> = {
    floor: new Map(task.sessionIds.map((id) => [id, 0])),
    store: new Map(task.sessionIds.map((id) => [id, 0])),
  };
  await Promise.all(Object.values(writers).map((writer) => writer.warm()));
  // Slices until "finish": the connections stay open until the parent has read the server's
  // CPU time (a backend's counts only while it lives), then the worker closes them and exits.
  process.on("message", async (order: WorkerSlice | "finish") => {
    if (order === "finish") {
      await Promise.all(Object.values(writers).map((writer) => writer.close()));
      process.exit(0);
    }
    process.send?.(await runSlice(writers[order.mode], next[order.mode], order));
  });
  process.send?.("ready");
});
