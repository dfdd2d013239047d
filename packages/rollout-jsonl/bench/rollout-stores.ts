// The rollout stores' figures (issue #16): resume, listing, throughput and space.
//   pnpm --filter @ctx/rollout-jsonl bench            full sizes, about a minute in all
//   CTX_BENCH_QUICK=1 pnpm --filter @ctx/rollout-jsonl bench   small sizes, for CI
//   pnpm --filter @ctx/rollout-jsonl bench throughput   the named parts alone (space,
//     throughput, listing, resume)
// Every figure is printed with what it measured; nothing here asserts a time.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, open, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { benchSize, isQuickBench } from "@ctx/vitest-config/bench";
import { simulateHistory } from "../src/__fixtures__/rollout/simulate-history.js";
import { createJsonlRolloutStore } from "../src/index.js";
import { encodeBatch, encodeHeaderLine } from "../src/jsonl-line.js";
import { writeSessionRollout } from "./session-rollout.js";

const quick = isQuickBench();
const here = dirname(fileURLToPath(import.meta.url));
const print = (line: string) => process.stdout.write(`${line}\n`);
const megabyte = 2 ** 20;

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface ResumeResult {
  readonly tokenizerMs: number | undefined;
  readonly firstMs: number;
  readonly laterMedianMs: number;
  readonly items: number;
  readonly baselineRssMB: number;
  readonly peakRssMB: number;
}

/** Resumes the session six times in a new process (`resume-child.ts`). */
function resumeInChild(directory: string, sessionId: string, mode: string): ResumeResult {
  const child = spawnSync(
    process.execPath,
    [
      "--conditions=@ctx/source",
      "--import",
      "tsx",
      join(here, "resume-child.ts"),
      directory,
      sessionId,
      "6",
      mode,
    ],
    { encoding: "utf8" },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as ResumeResult;
}

/**
 * A 1 GB session rollout (4 MB when quick) whose latest checkpoint is followed by 1 MB of
 * records, resumed with `resumeSession` in a fresh process.
 */
async function benchResume(root: string): Promise<void> {
  const directory = join(root, "resume");
  await mkdir(directory);
  const started = performance.now();
  const rollout = await writeSessionRollout(directory, benchSize(1024, 4) * megabyte, megabyte);
  const built = performance.now() - started;
  print(
    `resume: ${(rollout.bytes / megabyte).toFixed(0)} MB log (${rollout.records} records, written in ${(built / 1000).toFixed(1)} s), ` +
      `latest checkpoint then ${(rollout.bytesFromCheckpoint / megabyte).toFixed(2)} MB (${rollout.recordsFromCheckpoint} records); ` +
      `records: ${rollout.material}`,
  );
  for (const mode of ["cold", "tokenizer-loaded"] as const) {
    const result = resumeInChild(directory, rollout.sessionId, mode);
    const first =
      mode === "cold"
        ? "resumeSession as a new process's first call (store open, read from the checkpoint, replay; the tokenizer's load starts, not awaited)"
        : `with the tokenizer loaded first (${result.tokenizerMs?.toFixed(1)} ms), resumeSession (store open, read, replay)`;
    print(
      `  ${first}: ${result.firstMs.toFixed(1)} ms, then ${result.laterMedianMs.toFixed(1)} ms median of 5 more; ` +
        `${result.items} history items; peak RSS ${result.peakRssMB.toFixed(0)} MB ` +
        `(process before the first resume: ${result.baselineRssMB.toFixed(0)} MB)`,
    );
  }
  await rm(directory, { recursive: true, force: true });
}

interface ListingResult {
  readonly coldMs: number;
  readonly warmMedianMs: number;
  readonly cursor: string | undefined;
}

/** Lists once in a new process (`list-child.ts`), then 20 times more in the same store. */
function listInChild(directory: string, options: object): ListingResult {
  const child = spawnSync(
    process.execPath,
    [
      "--conditions=@ctx/source",
      "--import",
      "tsx",
      join(here, "list-child.ts"),
      directory,
      JSON.stringify(options),
      "20",
    ],
    { encoding: "utf8" },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as ListingResult;
}

/**
 * 10,000 sessions (200 when quick) written straight to disk, then listed through the index, each
 * listing in 5 new processes (1 when quick).
 */
async function benchListing(root: string): Promise<void> {
  const count = benchSize(10_000, 200);
  const directory = join(root, "listing");
  await mkdir(directory);
  const base = Date.parse("2026-01-01T00:00:00.000Z");
  for (let index = 0; index < count; index += 1) {
    const id = `session-${index.toString().padStart(5, "0")}`;
    const createdAt = new Date(base + index * 1000).toISOString();
    const updatedAt = new Date(base + ((index * 7919) % count) * 1000 + 500).toISOString();
    const header = encodeHeaderLine({
      rollout: 1,
      id,
      createdAt,
      cwd: `/repo/${index % 20}`,
      meta: { title: `session ${index}`, model: "gpt-5" },
    });
    const batch = encodeBatch(
      [{ type: "response_item", payload: { text: `hello ${index}` } }],
      0,
      "first",
      updatedAt,
    );
    await writeFile(join(directory, `${id}.jsonl`), header + batch);
  }
  const store = createJsonlRolloutStore(directory);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await store.list();
  const rebuild = performance.now() - started;
  const rebuildCpu = process.cpuUsage(cpu);
  await store.close();
  // Each listing is the first call of a new process: nothing of the index is in its memory
  // (the operating system's page cache is warm, as on any machine that just wrote the files).
  const processes = benchSize(5, 1);
  const inFreshProcesses = (options: object) => {
    const results = Array.from({ length: processes }, () => listInChild(directory, options));
    return {
      cold: median(results.map((result) => result.coldMs)),
      coldAll: results.map((result) => result.coldMs.toFixed(1)).join(", "),
      warm: median(results.map((result) => result.warmMedianMs)),
      cursor: results[0]?.cursor,
    };
  };
  const first = inFreshProcesses({});
  const byCwd = inFreshProcesses({ cwd: "/repo/7" });
  const second = inFreshProcesses(first.cursor === undefined ? {} : { cursor: first.cursor });
  const describe = (name: string, figures: ReturnType<typeof inFreshProcesses>) =>
    `  ${name}: ${figures.cold.toFixed(1)} ms in a new process (median of ${processes}: ${figures.coldAll}); ` +
    `then ${figures.warm.toFixed(1)} ms in the same store`;
  print(`listing: ${count} sessions, pages of 50, newest first, each listing timed inside list()`);
  print(describe("first page", first));
  print(describe("first page in one folder (1 session in 20)", byCwd));
  print(describe("second page", second));
  print(
    `  rebuilding a missing index from the rollouts: ${rebuild.toFixed(0)} ms ` +
      `(CPU time of the process meanwhile: ${((rebuildCpu.user + rebuildCpu.system) / 1000).toFixed(0)} ms)`,
  );
  await rm(directory, { recursive: true, force: true });
}

/** The batches the throughput bench appends: each turn's 10 records, for each session. */
function throughputBatch(turn: number) {
  return Array.from({ length: 10 }, (_, index) => ({
    type: "response_item",
    payload: { type: "message", role: "assistant", text: `turn ${turn} item ${index} `.repeat(20) },
  }));
}

/** What one side of the throughput bench took: seconds, and the process's CPU time, in ms. */
interface Timed {
  readonly seconds: number;
  readonly cpuMs: number;
}

/** Runs `work`, timing it and the CPU time the process spends meanwhile (all its threads). */
async function timed(work: () => Promise<unknown>): Promise<Timed> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuMs: (used.user + used.system) / 1000 };
}

/** The store: 50 sessions appending at once, each turn one batch. */
async function appendThroughStore(directory: string, sessions: number, turns: number) {
  const store = createJsonlRolloutStore(directory);
  const ids: string[] = [];
  for (let index = 0; index < sessions; index += 1)
    ids.push((await store.create({ cwd: "/repo" })).id);
  const result = await timed(() =>
    Promise.all(
      ids.map(async (sessionId) => {
        let next = 0;
        for (let turn = 0; turn < turns; turn += 1) {
          const records = throughputBatch(turn);
          next = (
            await store.append({ sessionId, expectedSequence: next, appendId: `t${turn}`, records })
          ).nextSequence;
        }
      }),
    ),
  );
  await store.close();
  return result;
}

/**
 * The floor: the same bytes (each batch's lines as the store encodes them) written to one plain
 * file per session, one `write` and one `fdatasync` per batch, 50 files at once.
 */
async function appendToPlainFiles(directory: string, sessions: number, turns: number) {
  await mkdir(directory, { recursive: true });
  return timed(() =>
    Promise.all(
      Array.from({ length: sessions }, async (_, session) => {
        const handle = await open(join(directory, `plain-${session}.jsonl`), "w");
        try {
          for (let turn = 0; turn < turns; turn += 1) {
            const at = new Date().toISOString();
            const records = throughputBatch(turn);
            await handle.write(encodeBatch(records, turn * records.length, `t${turn}`, at));
            await handle.datasync();
          }
        } finally {
          await handle.close();
        }
      }),
    ),
  );
}

/**
 * 50 sessions (5 when quick) appending at once, each turn's 10 records as one fsynced batch, through the store
 * and as plain write + fdatasync of the same bytes, side by side in interleaved rounds of one
 * run (which goes first alternates), so both meet the same load; the figure is the median of
 * the rounds' ratios, since a shared machine's load swings between rounds.
 */
async function benchThroughput(root: string): Promise<void> {
  const sessions = benchSize(50, 5);
  const turns = benchSize(40, 2);
  const rounds = benchSize(9, 1);
  const batches = sessions * turns;
  const ratios: number[] = [];
  const storeRates: number[] = [];
  const floorRates: number[] = [];
  const storeCpu: number[] = [];
  const floorCpu: number[] = [];
  // A round of each that is not counted, so both are measured with their code compiled.
  if (!quick) {
    await appendToPlainFiles(join(root, "floor-warm-up"), sessions, 5);
    await appendThroughStore(join(root, "throughput-warm-up"), sessions, 5);
  }
  for (let round = 0; round < rounds; round += 1) {
    const floorDirectory = join(root, `floor-${round}`);
    const storeDirectory = join(root, `throughput-${round}`);
    let floor: Timed;
    let store: Timed;
    if (round % 2 === 0) {
      floor = await appendToPlainFiles(floorDirectory, sessions, turns);
      store = await appendThroughStore(storeDirectory, sessions, turns);
    } else {
      store = await appendThroughStore(storeDirectory, sessions, turns);
      floor = await appendToPlainFiles(floorDirectory, sessions, turns);
    }
    await rm(floorDirectory, { recursive: true, force: true });
    await rm(storeDirectory, { recursive: true, force: true });
    ratios.push(floor.seconds / store.seconds);
    storeRates.push(batches / store.seconds);
    floorRates.push(batches / floor.seconds);
    storeCpu.push(store.cpuMs / batches);
    floorCpu.push(floor.cpuMs / batches);
  }
  const perRound = ratios.map(
    (ratio, round) =>
      `${Math.round(storeRates[round] ?? 0)} vs ${Math.round(floorRates[round] ?? 0)} (${ratio.toFixed(2)}x)`,
  );
  print(
    `throughput: ${sessions} sessions x ${turns} turns x 10 records, each turn one fsynced batch, ${rounds} interleaved rounds: ` +
      `store median ${Math.round(median(storeRates) * 10)} durable records/s (${Math.round(median(storeRates))} batches/s); ` +
      `plain write + fdatasync of the same bytes median ${Math.round(median(floorRates))} batches/s; ` +
      `median ratio ${median(ratios).toFixed(2)}x (batches/s per round, store vs plain: ${perRound.join(", ")}); ` +
      `CPU time of the process per batch, median: store ${median(storeCpu).toFixed(3)} ms, plain ${median(floorCpu).toFixed(3)} ms`,
  );
}

/** 200 turns, 20 forks, 5 rollbacks, 3 compactions: bytes on disk against the records' bytes. */
async function benchSpace(root: string): Promise<void> {
  const directory = join(root, "space");
  const store = createJsonlRolloutStore(directory);
  await store.list(); // creates the index, so its bytes count too
  const history = await simulateHistory(store);
  await store.close();
  let onDisk = 0;
  let logs = 0;
  for (const name of await readdir(directory)) {
    const { size } = await stat(join(directory, name));
    onDisk += size;
    if (name.endsWith(".jsonl") && !name.startsWith(".")) logs += size;
  }
  const memory = await simulateHistory(createMemoryRolloutStore());
  print(
    `space: ${history.records} unique records (${history.uniqueRecordBytes} bytes) in ${history.sessions} sessions; ` +
      `${onDisk} bytes on disk = ${(onDisk / history.uniqueRecordBytes).toFixed(3)}x ` +
      `(logs ${(logs / history.uniqueRecordBytes).toFixed(3)}x, index ${onDisk - logs} bytes); ` +
      `memory store wrote the same ${memory.records} records`,
  );
}

const parts: Record<string, (root: string) => Promise<void>> = {
  space: benchSpace,
  throughput: benchThroughput,
  listing: benchListing,
  resume: benchResume,
};
const named = process.argv.slice(2).filter((argument) => argument !== "--");
for (const name of named)
  if (!(name in parts))
    throw new Error(`no bench part ${name}: the parts are ${Object.keys(parts).join(", ")}`);
const root = await mkdtemp(join(tmpdir(), "ctx-rollout-bench-"));
try {
  print(`rollout stores bench${quick ? " (quick)" : ""}, Node ${process.version}, ${tmpdir()}`);
  for (const [name, part] of Object.entries(parts))
    if (named.length === 0 || named.includes(name)) await part(root);
} finally {
  await rm(root, { recursive: true, force: true });
}
