// The load bench of @ctx/rollout-postgres, on loopback only: `pnpm bench` (CTX_BENCH_QUICK=1 for
// a short run; `pnpm bench load`, say, for the named parts alone). Uses the server
// CTX_TEST_DATABASE_URL names, else starts a throwaway one.
import { execFile, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { RolloutRecord } from "@ctx/rollout";
import { benchSize } from "@ctx/vitest-config/bench";
import postgres from "postgres";
import { createPostgresRolloutStore, migrate } from "../src/index.js";
import { recordsPerTurn, turnMaterial, turnRecords } from "./bench-turn.js";
import type { LoadMode, WorkerReport, WorkerSlice, WorkerTask } from "./bench-worker.js";
import { schedulerWaitMilliseconds } from "./scheduler-wait.js";

const sessions = benchSize(50, 4);
const turns = benchSize(200, 2);
const workers = benchSize(5, 2);
/** Pairs of load slices, one of each mode a pair: the turns are cut into this many slices a mode. */
const slicePairs = benchSize(8, 2);
const listedSessions = benchSize(10_000, 100);
const resumeMegabytes = benchSize(Number(process.env.CTX_BENCH_RESUME_MB ?? 256), 2);

/** Where each worker writes a V8 CPU profile when set (`--cpu-prof`), for a look at its costs. */
const profileFolder = process.env.CTX_BENCH_CPU_PROFILE || undefined;

const run = promisify(execFile);
const here = fileURLToPath(new URL(".", import.meta.url));

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const format = (milliseconds: number) => `${milliseconds.toFixed(2)} ms`;

const report = (line: string) => process.stdout.write(`${line}\n`);

async function withServer(work: (url: string) => Promise<void>): Promise<void> {
  const given = process.env.CTX_TEST_DATABASE_URL;
  if (given !== undefined && given !== "") return work(given);
  const folder = await mkdtemp(join(tmpdir(), "ctx-postgres-bench-"));
  const script = join(here, "postgres-server.sh");
  try {
    const url = (await run("bash", [script, "start", folder])).stdout.trim();
    await work(url);
  } finally {
    await run("bash", [script, "stop", folder]).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  }
}

interface Worker {
  /** Runs one slice of the load in the worker; resolves with its report when it is done. */
  run(slice: WorkerSlice): Promise<WorkerReport>;
  /** Lets the worker close its connections and exit; resolves once it has. */
  finish(): Promise<void>;
}

/** A worker process, connected through both writers and waiting for its first slice. */
function startWorker(url: string, schema: string, sessionIds: string[]): Promise<Worker> {
  return new Promise((ready, reject) => {
    const child = fork(join(here, "bench-worker.ts"), {
      execArgv: [
        "--conditions=@ctx/source",
        "--import",
        "tsx",
        ...(profileFolder === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileFolder}`]),
      ],
    });
    child.once("error", reject);
    const exited = new Promise<void>((resolve, failed) =>
      child.once("exit", (code) => {
        if (code === 0) resolve();
        else failed(new Error(`a bench worker exited with ${code}`));
      }),
    );
    exited.catch(reject);
    child.once("message", () =>
      ready({
        run: (slice) =>
          new Promise((resolve) => {
            child.once("message", (report) => resolve(report as WorkerReport));
            child.send(slice);
          }),
        finish: () => {
          child.send("finish");
          return exited;
        },
      }),
    );
    const task: WorkerTask = { url, schema, sessionIds };
    child.send(task);
  });
}

/** What the slices of one mode measured, summed. */
interface LoadFigures {
  readonly appendsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** The workers' CPU time per append, in milliseconds. */
  readonly workerCpu: number;
  /** The workers' wait for a CPU per append, in milliseconds, when it could be read. */
  readonly workerWait: number | undefined;
  /** The server's CPU time per append, in milliseconds, when its processes could be read. */
  readonly serverCpu: number | undefined;
  /** The server's wait for a CPU per append, in milliseconds, when it could be read. */
  readonly serverWait: number | undefined;
}

/** The time a set of processes has run and waited to run, in milliseconds. */
interface Scheduling {
  readonly cpu: number;
  readonly wait: number;
}

/**
 * The CPU time (user and system) the server's processes have used and the time they have
 * waited for a CPU: the postmaster and its children, from `/proc`, or `undefined` where the
 * server's folder or `/proc` cannot be read (another machine, another user). A backend counts
 * only while it lives, so the bench reads this while its workers hold their connections.
 */
async function serverScheduling(postmaster: string | undefined): Promise<Scheduling | undefined> {
  if (postmaster === undefined) return undefined;
  const ticksPerSecond = 100;
  let ticks = 0;
  let wait = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // After the command's closing parenthesis: state, ppid, …; utime and stime are 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (entry === postmaster || fields[1] === postmaster) {
      ticks += Number(fields[11]) + Number(fields[12]);
      wait += schedulerWaitMilliseconds(Number(entry)) ?? 0;
    }
  }
  return { cpu: (ticks * 1000) / ticksPerSecond, wait };
}

/** The server's postmaster process id, from its folder, or `undefined` where it cannot be read. */
async function postmasterId(sql: postgres.Sql): Promise<string | undefined> {
  try {
    const [setting] = await sql.unsafe<{ data_directory: string }[]>("SHOW data_directory");
    const pid = await readFile(join(setting?.data_directory ?? "", "postmaster.pid"), "utf8");
    return pid.split("\n")[0];
  } catch {
    return undefined;
  }
}

/** One mode's slices so far: their appends' latencies and the time and CPU they took. */
class ModeTotals {
  readonly latencies: number[] = [];
  seconds = 0;
  workerCpu = 0;
  workerWait: number | undefined = 0;
  serverCpu: number | undefined = 0;
  serverWait: number | undefined = 0;

  add(
    seconds: number,
    reports: readonly WorkerReport[],
    before: Scheduling | undefined,
    after: Scheduling | undefined,
  ): void {
    this.seconds += seconds;
    for (const report of reports) {
      this.latencies.push(...report.latencies);
      this.workerCpu += report.cpuMilliseconds;
      this.workerWait =
        this.workerWait === undefined || report.waitMilliseconds === null
          ? undefined
          : this.workerWait + report.waitMilliseconds;
    }
    const known = before !== undefined && after !== undefined;
    this.serverCpu =
      known && this.serverCpu !== undefined ? this.serverCpu + after.cpu - before.cpu : undefined;
    this.serverWait =
      known && this.serverWait !== undefined
        ? this.serverWait + after.wait - before.wait
        : undefined;
  }

  figures(): LoadFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const perAppend = (total: number | undefined) =>
      total === undefined ? undefined : total / sorted.length;
    return {
      appendsPerSecond: sorted.length / this.seconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      workerCpu: this.workerCpu / sorted.length,
      workerWait: perAppend(this.workerWait),
      serverCpu: perAppend(this.serverCpu),
      serverWait: perAppend(this.serverWait),
    };
  }
}

/**
 * The modes' slices in the order they run: pairs of one slice of each, the floor first in every
 * other pair (floor, store, store, floor, …), so a load that rises or falls through the run
 * weighs on both alike.
 */
function sliceOrder(pairs: number): LoadMode[] {
  return Array.from({ length: pairs }, (_, pair): LoadMode[] =>
    pair % 2 === 0 ? ["floor", "store"] : ["store", "floor"],
  ).flat();
}

/**
 * Every turn of `ids`, through the floor and through the store, from the same worker processes:
 * the turns are cut into slices, and the two modes' slices alternate, each slice run by every
 * worker at once and timed from its start to its last answer.
 */
async function loadRuns(
  url: string,
  schema: string,
  ids: readonly string[],
): Promise<Record<LoadMode, LoadFigures>> {
  const ready = await Promise.all(
    Array.from({ length: workers }, (_, worker) =>
      startWorker(
        url,
        schema,
        ids.filter((_, index) => index % workers === worker),
      ),
    ),
  );
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const postmaster = await postmasterId(sql);
  await sql.end();
  const totals: Record<LoadMode, ModeTotals> = { floor: new ModeTotals(), store: new ModeTotals() };
  const turnsDone: Record<LoadMode, number> = { floor: 0, store: 0 };
  const turnsPerSlice = Math.ceil(turns / slicePairs);
  for (const mode of sliceOrder(slicePairs)) {
    const from = turnsDone[mode];
    const to = Math.min(turns, from + turnsPerSlice);
    turnsDone[mode] = to;
    if (from === to) continue;
    const before = await serverScheduling(postmaster);
    const started = performance.now();
    const reports = await Promise.all(ready.map((worker) => worker.run({ mode, from, to })));
    const seconds = (performance.now() - started) / 1000;
    totals[mode].add(seconds, reports, before, await serverScheduling(postmaster));
  }
  await Promise.all(ready.map((worker) => worker.finish()));
  return { floor: totals.floor.figures(), store: totals.store.figures() };
}

/** The CPU time an append of one run over another's, or "unknown" without the server's. */
function cpuRatio(run: LoadFigures, base: LoadFigures): string {
  if (run.serverCpu === undefined || base.serverCpu === undefined) return "unknown";
  return `${((run.workerCpu + run.serverCpu) / (base.workerCpu + base.serverCpu)).toFixed(2)}x`;
}

async function load(url: string, schema: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql.unsafe(`CREATE TABLE "${schema}".bench_floor (
    session_id text NOT NULL, sequence bigint NOT NULL, records text NOT NULL,
    PRIMARY KEY (session_id, sequence))`);
  await sql.end();
  const store = createPostgresRolloutStore({ url, schema });
  const ids = Array.from({ length: sessions }, (_, index) => `load-${index}`);
  for (const id of ids) await store.create({ id, cwd: "/bench" });
  const { floor, store: measured } = await loadRuns(url, schema, ids);
  const counter = postgres(url, { max: 1, onnotice: () => {} });
  // Each batch row carries the id of the transaction that wrote it: one per flush.
  const [flushes] = await counter.unsafe<{ transactions: number; batches: number }[]>(
    `SELECT count(DISTINCT xmin::text)::int AS transactions, count(*)::int AS batches
     FROM "${schema}".ctx_rollout_batches WHERE session_id LIKE 'load-%'`,
  );
  await counter.end();
  let lost = 0;
  let duplicated = 0;
  for (const id of ids) {
    const read = await store.read(id, { from: "start" });
    const seen = new Set<string>();
    for (const [position, record] of read.records.entries()) {
      const payload = record.payload as { sessionId: string; turn: number; index: number };
      const key = `${payload.sessionId}/${payload.turn}/${payload.index}`;
      if (seen.has(key) || record.sequence !== position || payload.sessionId !== id)
        duplicated += 1;
      seen.add(key);
    }
    lost += turns * recordsPerTurn - seen.size;
  }
  await store.close();
  const known = (milliseconds: number | undefined) =>
    milliseconds === undefined ? "unknown" : format(milliseconds);
  const line = (name: string, figures: LoadFigures) =>
    report(
      `  ${name}: ${Math.round(figures.appendsPerSecond)} appends/s (${Math.round(figures.appendsPerSecond * recordsPerTurn)} records/s), latency p50 ${format(figures.p50)}, p99 ${format(figures.p99)}; CPU an append: the workers' ${format(figures.workerCpu)}, the server's ${known(figures.serverCpu)}; waiting for a CPU an append: the workers' ${known(figures.workerWait)}, the server's ${known(figures.serverWait)}`,
    );
  report(
    `load: ${sessions} sessions x ${turns} turns (one append of ${recordsPerTurn} records each) from ${workers} worker processes, each append durable when answered; the floor and the store in ${slicePairs * 2} alternating slices (floor, store, store, floor, ...) over the same processes and sessions`,
  );
  line("plain one-row INSERT per append (the floor)", floor);
  line("the store (group commit)", measured);
  report(
    `  store / floor: ${(measured.appendsPerSecond / floor.appendsPerSecond).toFixed(2)}x the appends/s, p99 ${(measured.p99 / floor.p99).toFixed(2)}x, CPU an append (workers and server) ${cpuRatio(measured, floor)}`,
  );
  report(
    `  the store's commits: ${flushes?.transactions} transactions for ${flushes?.batches} appends (${((flushes?.batches ?? 0) / (flushes?.transactions ?? 1)).toFixed(1)} appends a commit on average)`,
  );
  report(`  the store's lost records: ${lost}, duplicated records: ${duplicated}`);
}

async function listing(url: string, schema: string): Promise<void> {
  const store = createPostgresRolloutStore({ url, schema, maxConnections: 10 });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const batch = 50;
  for (let start = 0; start < listedSessions; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, listedSessions - start) }, (_, offset) =>
        store.create({ id: `listed-${start + offset}`, cwd: `/repo-${(start + offset) % 20}` }),
      ),
    );
  }
  await sql.unsafe(`ANALYZE "${schema}".ctx_rollout_sessions`);
  const timings: Record<string, number[]> = { newest: [], "by folder": [], "second page": [] };
  for (let round = 0; round < 21; round += 1) {
    let started = performance.now();
    const page = await store.list({ limit: 50 });
    timings.newest?.push(performance.now() - started);
    started = performance.now();
    await store.list({ limit: 50, cwd: "/repo-7" });
    timings["by folder"]?.push(performance.now() - started);
    started = performance.now();
    await store.list({ limit: 50, ...(page.cursor === undefined ? {} : { cursor: page.cursor }) });
    timings["second page"]?.push(performance.now() - started);
  }
  const plan = await sql.unsafe(
    `EXPLAIN SELECT * FROM "${schema}".ctx_rollout_sessions WHERE archived = false ORDER BY updated_at DESC, id DESC LIMIT 51`,
  );
  report(
    `listing: first 50 of ${listedSessions + sessions} sessions, newest first (median of 21, worst)`,
  );
  for (const [name, values] of Object.entries(timings)) {
    const sorted = [...values].sort((a, b) => a - b);
    report(
      `  ${name}: ${format(percentile(sorted, 0.5))}, worst ${format(sorted[sorted.length - 1] ?? Number.NaN)}`,
    );
  }
  report(`  plan: ${plan.map((row) => Object.values(row)[0]).join(" / ")}`);
  await sql.end();
  await store.close();
}

async function resume(url: string, schema: string): Promise<void> {
  const store = createPostgresRolloutStore({ url, schema });
  await store.create({ id: "long" });
  const text = "x".repeat(1000);
  const perBatch = 1000;
  let next = 0;
  for (let megabyte = 0; megabyte < resumeMegabytes; megabyte += 1) {
    const records = Array.from({ length: perBatch }, (_, index) => ({
      type: "response_item",
      payload: { index: next + index, text },
    }));
    next = (
      await store.append({
        sessionId: "long",
        expectedSequence: next,
        appendId: `mb-${megabyte}`,
        records,
      })
    ).nextSequence;
  }
  next = (
    await store.append({
      sessionId: "long",
      expectedSequence: next,
      appendId: "compaction",
      records: [{ type: "compaction", payload: { summary: "what came before" }, checkpoint: true }],
    })
  ).nextSequence;
  const tail = Array.from({ length: perBatch }, (_, index) => ({
    type: "response_item",
    payload: { index, text },
  }));
  await store.append({
    sessionId: "long",
    expectedSequence: next,
    appendId: "tail",
    records: tail,
  });
  const timings: number[] = [];
  let count = 0;
  for (let round = 0; round < 5; round += 1) {
    const started = performance.now();
    count = (await store.read("long")).records.length;
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const peakMegabytes = Math.round(process.resourceUsage().maxRSS / 1024);
  report(
    `resume: ${resumeMegabytes} MB of records, a checkpoint, then ~1 MB: read ${count} records in ${format(percentile(timings, 0.5))} (median of 5), worst ${format(timings[timings.length - 1] ?? Number.NaN)}; peak RSS of the bench process so far ${peakMegabytes} MB`,
  );
  await store.close();
}

/** One part of a table on disk: its heap, its maps, its TOAST, or one of its indexes. */
interface RelationSize {
  readonly table: string;
  readonly part: string;
  readonly bytes: number;
}

/** The bytes on disk of every table of `schema`, part by part (`pg_relation_size` of each fork). */
async function relationSizes(sql: postgres.Sql, schema: string): Promise<RelationSize[]> {
  const rows = await sql.unsafe<{ table: string; part: string; bytes: string }[]>(
    `WITH tables AS (
       SELECT c.oid, c.relname, c.reltoastrelid FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind = 'r'
     ),
     forks AS (
       SELECT relname AS table, 'heap' AS part, oid AS relation, 'main' AS fork FROM tables
       UNION ALL SELECT relname, 'free space and visibility maps', oid, 'fsm' FROM tables
       UNION ALL SELECT relname, 'free space and visibility maps', oid, 'vm' FROM tables
       UNION ALL SELECT relname, 'TOAST table and its index', reltoastrelid, fork
         FROM tables, unnest(array['main', 'fsm', 'vm']) AS fork WHERE reltoastrelid <> 0
       UNION ALL SELECT relname, 'TOAST table and its index', toast_index.indexrelid, 'main'
         FROM tables JOIN pg_index AS toast_index ON toast_index.indrelid = reltoastrelid
       UNION ALL SELECT tables.relname, 'index ' || index_class.relname, index.indexrelid, 'main'
         FROM tables JOIN pg_index AS index ON index.indrelid = tables.oid
         JOIN pg_class AS index_class ON index_class.oid = index.indexrelid
     )
     SELECT "table", part, sum(pg_relation_size(relation, fork))::bigint AS bytes
     FROM forks GROUP BY "table", part ORDER BY "table", part`,
    [schema],
  );
  return rows.map((row) => ({ table: row.table, part: row.part, bytes: Number(row.bytes) }));
}

/** Bytes on disk for `copies` sessions of 200 turns, each with 20 forks, 5 rollbacks and 3 compactions. */
async function footprint(url: string, copies: number): Promise<void> {
  const schema = `bench_bytes_${randomBytes(4).toString("hex")}`;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await migrate(sql, { schema });
  const counted = (relations: readonly RelationSize[]) =>
    relations
      .filter((relation) => relation.table !== "ctx_rollout_migrations")
      .reduce((total, relation) => total + relation.bytes, 0);
  const empty = counted(await relationSizes(sql, schema));
  const store = createPostgresRolloutStore({ sql, schema });
  let uniqueBytes = 0;
  const append = async (sessionId: string, from: number, records: RolloutRecord[]) => {
    for (const record of records) uniqueBytes += Buffer.byteLength(JSON.stringify(record));
    return (
      await store.append({
        sessionId,
        expectedSequence: from,
        appendId: `${sessionId}-${from}`,
        records,
      })
    ).nextSequence;
  };
  let forks = 0;
  try {
    for (let copy = 0; copy < copies; copy += 1) {
      const main = `main-${copy}`;
      await store.create({ id: main, cwd: "/bench" });
      let next = 0;
      for (let turn = 0; turn < 200; turn += 1) {
        next = await append(main, next, turnRecords(main, turn));
        if (turn % 10 === 9) {
          const fork = `fork-${forks++}`;
          await store.create({
            id: fork,
            parent: { sessionId: main, sequence: next - recordsPerTurn },
          });
          await append(fork, next - recordsPerTurn, turnRecords(fork, turn));
        }
        if (turn % 40 === 20)
          next = await append(main, next, [{ type: "rollback", payload: { turns: 1 } }]);
        if (turn % 70 === 69) {
          const summary = turnRecords(main, turn)
            .map((record) => JSON.stringify(record.payload))
            .join(" ");
          next = await append(main, next, [
            { type: "compaction", payload: { summary }, checkpoint: true },
          ]);
        }
      }
    }
    await sql.unsafe(`VACUUM "${schema}".ctx_rollout_batches, "${schema}".ctx_rollout_sessions`);
    const relations = await relationSizes(sql, schema);
    const onDisk = counted(relations);
    const ratio = (bytes: number) => `${(bytes / uniqueBytes).toFixed(2)}x`;
    const [compression] = await sql.unsafe<{ method: string | null; rows: string }[]>(
      `SELECT string_agg(DISTINCT coalesce(pg_column_compression(records), 'none'), ', ') AS method,
         count(*) AS rows FROM "${schema}".ctx_rollout_batches`,
    );
    report(
      `no copies: ${copies} x (200 turns, 20 forks, 5 rollbacks, 3 compactions), ${copies * 21} sessions; ${uniqueBytes} bytes of unique records (each record as JSON text)`,
    );
    report(
      `  records: ${turnMaterial}; ${compression?.rows} batch rows, compressed with: ${compression?.method}`,
    );
    report(
      `  on disk: ${onDisk} bytes = ${ratio(onDisk)}: the sessions and records tables whole, after VACUUM, by pg_relation_size of every fork (heap, free space map, visibility map) of each table, its TOAST table and TOAST index, and each index`,
    );
    report(
      `  the same tables empty, right after migrate: ${empty} bytes; past that, ${onDisk - empty} bytes = ${ratio(onDisk - empty)}`,
    );
    for (const relation of relations)
      report(
        `    ${relation.table} ${relation.part}: ${relation.bytes} bytes (${ratio(relation.bytes)})${relation.table === "ctx_rollout_migrations" ? ", not counted: the schema's version, the same for any number of sessions" : ""}`,
      );
  } finally {
    await store.close();
    await sql.unsafe(`DROP SCHEMA "${schema}" CASCADE`);
    await sql.end();
  }
}

await withServer(async (url) => {
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await migrate(sql, { schema });
  const parts: Record<string, () => Promise<void>> = {
    load: () => load(url, schema),
    listing: () => listing(url, schema),
    resume: () => resume(url, schema),
    footprint: async () => {
      await footprint(url, 1);
      await footprint(url, benchSize(10, 2));
    },
  };
  const named = process.argv.slice(2).filter((argument) => argument !== "--");
  for (const name of named)
    if (!(name in parts))
      throw new Error(`no bench part ${name}: the parts are ${Object.keys(parts).join(", ")}`);
  try {
    for (const [name, part] of Object.entries(parts))
      if (named.length === 0 || named.includes(name)) await part();
  } finally {
    await sql.unsafe(`DROP SCHEMA "${schema}" CASCADE`);
    await sql.end();
  }
});
