import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { RolloutRecord, RolloutStore } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createPostgresRolloutStore, migrate } from "@ctx/rollout-postgres";
import { createRecall, type RecallQuery } from "@ctx/session";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import postgres from "postgres";
import { afterAll, bench, describe } from "vitest";

// Recall on big rollouts, the store doing the reading (`searchRecords`): one JSONL session of
// 1 GiB (CTX_BENCH_RECALL_MB, 1,024 by default; 4 MiB in a quick run) and one session among
// 1,000 in PostgreSQL (20 in a quick run; the server CTX_TEST_DATABASE_URL names, else a
// throwaway one). Each turn: a request, five `shell` calls with 100 KB outputs (2 KB in a quick
// run, 1 KB in PostgreSQL), a reply; the constraint is planted at turn 3 and a path at turn 40.
// Beside each, the whole read recall made before stores searched, as the baseline.
const megabytes = benchSize(Number(process.env.CTX_BENCH_RECALL_MB ?? 1024), 4);
const sessionCount = benchSize(1_000, 20);
const turnsPerPostgresSession = benchSize(60, 45);
const constraint = "Never force-push to the release branch.";
const plantedPath = "src/billing/invoice-rounding.ts";

function turnRecords(turn: number, output: string): RolloutRecord[] {
  const user = turn === 3 ? constraint : `Step ${turn}: carry on.`;
  const records: RolloutRecord[] = [
    { type: "turn", payload: { index: turn, model: "ctx-coder" } },
    {
      type: "response_item",
      payload: {
        item: { type: "message", role: "user", content: [{ type: "input_text", text: user }] },
        origin: { source: "user" },
      },
    },
  ];
  for (let call = 0; call < 5; call += 1) {
    const id = `call-${turn}-${call}`;
    const path = turn === 40 && call === 0 ? plantedPath : `src/module-${turn}-${call}.ts`;
    records.push(
      {
        type: "response_item",
        payload: {
          item: {
            type: "function_call",
            call_id: id,
            name: "shell",
            arguments: JSON.stringify({ command: ["cat", path] }),
          },
          origin: { source: "model" },
        },
      },
      {
        type: "response_item",
        payload: {
          item: { type: "function_call_output", call_id: id, output },
          origin: { source: "tool" },
        },
      },
    );
  }
  records.push({
    type: "response_item",
    payload: {
      item: {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Done." }],
      },
      origin: { source: "model" },
    },
  });
  return records;
}

/** Appends turns to `sessionId` until `enough(turn)`, ten turns an append. */
async function fill(store: RolloutStore, sessionId: string, output: string, turns: number) {
  let next = 0;
  for (let turn = 1; turn <= turns; turn += 10) {
    const records = Array.from({ length: Math.min(10, turns - turn + 1) }, (_, offset) =>
      turnRecords(turn + offset, output),
    ).flat();
    next = (
      await store.append({ sessionId, expectedSequence: next, appendId: `t${turn}`, records })
    ).nextSequence;
  }
}

const line = "src/module/file.ts:12: a line of output with words and numbers 0123456789\n";
const queries: Record<string, RecallQuery> = {
  "text (the constraint of turn 3)": { text: "force-push to the release" },
  "path (turn 40)": { path: plantedPath },
  "tool and turns (turn 7)": { tool: "shell", turns: { from: 7, to: 7 } },
  "turns (turn 20)": { turns: { from: 20, to: 20 } },
};

const folder = await mkdtemp(join(tmpdir(), "ctx-recall-bench-"));
const jsonl = createJsonlRolloutStore(folder);
await jsonl.create({ id: "big" });
const bigOutput = line.repeat(Math.ceil(benchSize(100_000, 2_000) / line.length));
const turnBytes = 5 * bigOutput.length + 2_000;
await fill(jsonl, "big", bigOutput, Math.max(45, Math.ceil((megabytes * 1024 * 1024) / turnBytes)));
const logBytes = (await stat(join(folder, "big.jsonl"))).size;

const run = promisify(execFile);
const script = fileURLToPath(
  new URL("../../rollout-postgres/scripts/postgres-server.sh", import.meta.url),
);
const serverFolder = await mkdtemp(join(tmpdir(), "ctx-recall-bench-postgres-"));
const given = process.env.CTX_TEST_DATABASE_URL;
const url =
  given !== undefined && given !== ""
    ? given
    : (await run("bash", [script, "start", serverFolder])).stdout.trim();
const sql = postgres(url, { max: 4, onnotice: () => {} });
const schema = `recall_bench_${process.pid}`;
await migrate(sql, { schema });
const database = createPostgresRolloutStore({ sql, schema });
const smallOutput = line.repeat(Math.ceil(1_000 / line.length));
for (let index = 0; index < sessionCount; index += 1) {
  await database.create({ id: `s${index}` });
  await fill(database, `s${index}`, smallOutput, turnsPerPostgresSession);
}
const middle = `s${Math.floor(sessionCount / 2)}`;

afterAll(async () => {
  await jsonl.close();
  await database.close();
  await sql.unsafe(`DROP SCHEMA "${schema}" CASCADE`);
  await sql.end();
  if (given === undefined || given === "")
    await run("bash", [script, "stop", serverFolder]).catch(() => undefined);
  await rm(serverFolder, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
});

describe(`recall on a ${(logBytes / 1024 / 1024).toFixed(0)} MiB JSONL rollout`, () => {
  const recall = createRecall(jsonl, { sessionId: "big" });
  for (const [name, query] of Object.entries(queries))
    bench(name, async () => void (await recall.search(query)), benchOptions({ iterations: 5 }));
  bench(
    "the whole read (the baseline)",
    async () => void (await jsonl.read("big", { from: "start" })),
    benchOptions({ iterations: 3 }),
  );
});

describe(`recall on PostgreSQL, one session of ${sessionCount.toLocaleString("en")}`, () => {
  const recall = createRecall(database, { sessionId: middle });
  for (const [name, query] of Object.entries(queries))
    bench(name, async () => void (await recall.search(query)), benchOptions({ iterations: 20 }));
  bench(
    "the whole read (the baseline)",
    async () => void (await database.read(middle, { from: "start" })),
    benchOptions({ iterations: 20 }),
  );
});
