// @ts-check
// `pnpm test`: every package's tests through turbo, as many packages at a time as the machine
// has cores (so two cores are not shared by ten Vitest processes), every package run to its end
// when one fails, then one line for each failed test (file > describe > test) and the closing
// line that `.ci/run` prints too: "N passed, N failed, N skipped".
//
//   node scripts/run-tests.mjs [--] [turbo run options…]
//
// Options are passed to `turbo run test` (`.ci/run` gives `--force --continue=always`; a filter
// such as `--filter=@ctx/text` works too, and so does `pnpm test -- --filter=@ctx/text`: the `--`
// is dropped, scripts/test-arguments.mjs). `--continue=always` and `--concurrency=<cores>` are
// added unless given. Each package's report is read from `.vitest/results.json`; a package turbo
// did not start or stopped before it ended is named as not run, never counted as failed. Exits
// with turbo's status, or 1 when a report names a failure turbo did not see.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { turboArguments } from "./test-arguments.mjs";
import {
  addReport,
  emptyTally,
  oldestSdkReportFile,
  reportFiles,
  summaryLine,
} from "./test-reports.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = join(root, ".turbo", "runs");
const environment = { ...process.env, TURBO_TELEMETRY_DISABLED: "1" };

/**
 * The test tasks turbo would run with `options`, from a dry run: package name and directory.
 * @param {readonly string[]} options
 */
function plannedTests(options) {
  const dry = execFileSync(
    "pnpm",
    ["exec", "turbo", "run", "test", ...options.filter((o) => o !== "--summarize"), "--dry=json"],
    { cwd: root, env: environment, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  /** @type {{ tasks: { taskId: string; task: string; package: string; directory: string; command: string }[] }} */
  const plan = JSON.parse(dry);
  return plan.tasks
    .filter((task) => task.task === "test" && task.command !== "<NONEXISTENT>")
    .map((task) => ({ id: task.taskId, name: task.package, directory: join(root, task.directory) }))
    .sort((left, right) => left.name.localeCompare(right.name));
}

/** The run summaries turbo has written so far. */
function summaries() {
  return existsSync(runs) ? new Set(readdirSync(runs)) : new Set();
}

/**
 * How each task of the run that wrote a summary after `before` ended, by task id; empty when
 * turbo wrote none (it was stopped).
 * @param {Set<string>} before
 * @returns {Map<string, { exitCode?: number }>}
 */
function executions(before) {
  const written = [...summaries()].filter((file) => !before.has(file));
  /** @type {Map<string, { exitCode?: number }>} */
  const ended = new Map();
  for (const file of written) {
    /** @type {{ tasks: { taskId: string; execution?: { exitCode?: number } }[] }} */
    const summary = JSON.parse(readFileSync(join(runs, file), "utf8"));
    for (const task of summary.tasks) ended.set(task.taskId, task.execution ?? {});
  }
  return ended;
}

// One package per core: each runs its test files in one Vitest worker (tooling/vitest), so this
// keeps every core busy with about one process per core.
const options = turboArguments(process.argv.slice(2), availableParallelism());
const planned = plannedTests(options);
// A report left from an earlier run must not stand in for this one.
for (const entry of planned) {
  for (const file of [reportFiles.test, oldestSdkReportFile])
    rmSync(join(entry.directory, ".vitest", file), { force: true });
}

const before = summaries();
const turbo = spawnSync("pnpm", ["exec", "turbo", "run", "test", "--summarize", ...options], {
  cwd: root,
  env: environment,
  stdio: "inherit",
});
const ended = executions(before);

const tally = emptyTally();
/** @type {string[]} */
const notRun = [];
for (const entry of planned) {
  if (addReport(tally, root, entry.directory, "test")) continue;
  const exitCode = ended.get(entry.id)?.exitCode;
  if (exitCode === undefined) {
    notRun.push(entry.name);
  } else {
    tally.lines.push(`::: ${entry.name}: its tests exited with ${exitCode} and left no report`);
    tally.failed += 1;
  }
}
if (notRun.length > 0) {
  tally.lines.push(`::: not run (stopped before they ended, not counted): ${notRun.join(", ")}`);
}

console.log("");
for (const line of tally.lines) console.log(line);
console.log(summaryLine(tally));
const turboStatus = turbo.status ?? 1;
process.exit(turboStatus !== 0 ? turboStatus : tally.failed > 0 || notRun.length > 0 ? 1 : 0);
