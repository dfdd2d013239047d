// @ts-check
// Proves that turbo's task graph is right: a task that reads a sibling package's sources (through
// the `@ctx/source` condition) must run again when those sources change, never replay a cached
// result. Works on a temporary copy of the workspace, so the repository and its cache are left
// alone.
//
// 1. For every workspace package, a comment is added to one of its files: the hash of `typecheck`
//    and `test` must change in that package and in every package that depends on it, directly or
//    not, and in no other (`turbo run --dry=json`).
// 2. One real edge end to end: a dependent's `typecheck` and `test` run, replay from the cache
//    when nothing changed ("cache hit" in a second real run), and find no cached result after
//    its dependency's source changes (turbo's dry run reports a cache miss for both: a run would
//    execute them, so they are not run a second time to see it).
//
// Usage: `pnpm check-turbo-graph`. Exits 1 and names each wrong task when the graph is wrong.
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { workspaceDependencies, workspacePackages } from "./workspace-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const checkedTasks = ["typecheck", "test"];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };
// A forced or read-less cache would make every task a miss and prove nothing.
delete env.TURBO_FORCE;
delete env.TURBO_CACHE;

/**
 * Runs a command in `cwd` and returns its standard output.
 * @param {string} cwd
 * @param {string} command
 * @param {string[]} args
 */
function run(cwd, command, args) {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * The checked tasks, and those they depend on, as turbo's dry run plans them: each with its hash
 * and whether the cache holds a result for that hash (`cache.status`, "HIT" or "MISS").
 * @param {string} copy
 * @param {string[]} options more options of `turbo run`, such as a filter
 * @returns {{ taskId: string; hash: string; command: string; cache?: { status?: string } }[]}
 */
function plannedTasks(copy, options) {
  const plan = JSON.parse(
    run(copy, "pnpm", ["exec", "turbo", "run", ...checkedTasks, ...options, "--dry=json"]),
  );
  return plan.tasks;
}

/**
 * The hash of every checked task that has a script, by task id (`@ctx/registry#test`).
 * @param {string} copy
 * @returns {Map<string, string>}
 */
function taskHashes(copy) {
  return new Map(
    plannedTasks(copy, [])
      .filter(
        (task) =>
          task.command !== "<NONEXISTENT>" &&
          checkedTasks.includes(task.taskId.split("#")[1] ?? ""),
      )
      .map((task) => [task.taskId, task.hash]),
  );
}

/**
 * The tracked files of a package.
 * @param {string} copy
 * @param {string} directory the package directory, relative to the copy
 */
function trackedFiles(copy, directory) {
  return run(copy, "git", ["ls-files", "--", directory]).split("\n").filter(Boolean);
}

/**
 * One tracked file of the package to change: its entry point, else a script, else its manifest.
 * @param {string} copy
 * @param {string} directory the package directory, relative to the copy
 */
function fileToChange(copy, directory) {
  const files = trackedFiles(copy, directory);
  return (
    files.find((file) => file === `${directory}/src/index.ts`) ??
    files.find((file) => /\.(js|ts)$/.test(file)) ??
    `${directory}/package.json`
  );
}

/**
 * @param {Record<string, unknown>} manifest
 * @param {string} script
 */
function hasScript(manifest, script) {
  const scripts = /** @type {Record<string, string> | undefined} */ (manifest.scripts);
  return typeof scripts?.[script] === "string";
}

/** @param {string} file */
function addComment(file) {
  const content = readFileSync(file, "utf8");
  if (file.endsWith(".json")) appendFileSync(file, "\n");
  else appendFileSync(file, `${content.endsWith("\n") ? "" : "\n"}// turbo graph probe\n`);
  return content;
}

const copy = mkdtempSync(join(tmpdir(), "ctx-turbo-graph-"));
const problems = [];
try {
  // A copy of what git would commit now (tracked and new files), as its own repository.
  const files = run(root, "git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"])
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(join(copy, dirname(file)), { recursive: true });
    try {
      copyFileSync(join(root, file), join(copy, file));
    } catch {
      // a tracked file deleted in the working tree is not part of the copy
    }
  }
  run(copy, "git", ["init", "--quiet"]);
  run(copy, "git", ["add", "--all"]);
  run(copy, "git", [
    "-c",
    "user.name=probe",
    "-c",
    "user.email=probe@localhost",
    "commit",
    "--quiet",
    "-m",
    "copy",
  ]);
  run(copy, "pnpm", ["install", "--frozen-lockfile", "--offline", "--silent"]);

  const packages = workspacePackages(copy);
  const baseline = taskHashes(copy);
  console.log(
    `checking ${baseline.size} tasks against a change in each of ${packages.length} packages`,
  );

  for (const changed of packages) {
    const directory = relative(copy, changed.directory);
    const file = join(copy, fileToChange(copy, directory));
    const original = addComment(file);
    const after = taskHashes(copy);
    execFileSync("git", ["checkout", "--quiet", "--", relative(copy, file)], { cwd: copy });
    if (readFileSync(file, "utf8") !== original) throw new Error(`could not restore ${file}`);
    for (const [taskId, hash] of baseline) {
      const name = taskId.split("#")[0] ?? "";
      const expected =
        name === changed.name || workspaceDependencies(packages, name).has(changed.name);
      const rerun = after.get(taskId) !== hash;
      if (expected && !rerun)
        problems.push(`${taskId} would replay its cache after ${relative(copy, file)} changed`);
      if (!expected && rerun)
        problems.push(
          `${taskId} would run again after ${relative(copy, file)} changed, though it does not depend on ${changed.name}`,
        );
    }
  }

  // End to end on one edge: the package with the most dependents, and its cheapest dependent to
  // type-check and test (the run does both twice, once for real and once from the cache): the
  // one that reaches the fewest workspace packages, since its type-check reads their sources
  // too, then the one with the fewest files. (By files alone it was @ctx/examples, which reaches nearly every
  // package: most of this check's time.)
  /** @param {string} name */
  const dependentsOf = (name) =>
    packages.filter(
      (entry) =>
        hasScript(entry.manifest, "typecheck") &&
        workspaceDependencies(packages, entry.name).has(name),
    );
  const sources = packages.filter((entry) => !entry.isPrivate);
  const dependency = sources.sort(
    (a, b) => dependentsOf(b.name).length - dependentsOf(a.name).length,
  )[0];
  /** @param {import("./workspace-packages.mjs").WorkspacePackage} entry */
  const cost = (entry) => [
    workspaceDependencies(packages, entry.name).size,
    trackedFiles(copy, relative(copy, entry.directory)).length,
  ];
  /** @type {(a: import("./workspace-packages.mjs").WorkspacePackage, b: import("./workspace-packages.mjs").WorkspacePackage) => number} */
  const cheaper = (a, b) => {
    const [reachedA = 0, filesA = 0] = cost(a);
    const [reachedB = 0, filesB = 0] = cost(b);
    return reachedA - reachedB || filesA - filesB;
  };
  /** @param {string} name */
  const realRun = (name) =>
    run(copy, "pnpm", [
      "exec",
      "turbo",
      "run",
      ...checkedTasks,
      `--filter=${name}`,
      "--output-logs=hash-only",
    ]);
  // turbo caches only what succeeds, so the proof needs a dependent that has every checked task
  // and whose tasks pass now.
  const hasEveryTask = (
    /** @type {import("./workspace-packages.mjs").WorkspacePackage} */ entry,
  ) => {
    const scripts = /** @type {Record<string, unknown>} */ (entry.manifest.scripts ?? {});
    return checkedTasks.every((task) => typeof scripts[task] === "string");
  };
  const dependent =
    dependency &&
    dependentsOf(dependency.name)
      .filter(hasEveryTask)
      .sort(cheaper)
      .find((entry) => {
        try {
          realRun(entry.name);
          return true;
        } catch {
          console.log(`${entry.name} fails its ${checkedTasks.join(" or ")} now; trying another`);
          return false;
        }
      });
  if (dependency === undefined || dependent === undefined)
    throw new Error("no dependent package whose typecheck and test pass");
  const statuses = (/** @type {string} */ output) =>
    checkedTasks.map((task) => {
      const line =
        output.split("\n").find((entry) => entry.includes(`${dependent.name}:${task}:`)) ?? "";
      return line.includes("cache miss") ? "miss" : line.includes("cache hit") ? "hit" : "absent";
    });
  const unchanged = statuses(realRun(dependent.name));
  const file = join(copy, fileToChange(copy, relative(copy, dependency.directory)));
  addComment(file);
  // What a run would do now, from turbo's own lookup of each task's new hash in the cache the
  // runs above filled: running the tasks again to see them miss cost most of this check's CPU.
  const dryTasks = plannedTasks(copy, [`--filter=${dependent.name}`]);
  const afterChange = checkedTasks.map((task) => {
    const status = dryTasks.find((entry) => entry.taskId === `${dependent.name}#${task}`)?.cache
      ?.status;
    return status === "MISS" ? "miss" : status === "HIT" ? "hit" : "absent";
  });
  console.log(
    `${dependent.name} ${checkedTasks.join(" and ")}: ${unchanged.join(", ")} when nothing changed; ` +
      `${afterChange.join(", ")} after ${relative(copy, file)} changed`,
  );
  if (unchanged.some((status) => status !== "hit"))
    problems.push(
      `${dependent.name}: the cache did not replay an unchanged run, so this check proves nothing`,
    );
  if (afterChange.some((status) => status !== "miss"))
    problems.push(
      `${dependent.name}: would replay a cached result after ${dependency.name} changed`,
    );
} finally {
  rmSync(copy, { recursive: true, force: true });
}

for (const problem of problems) console.log(`::: ${problem}`);
console.log(
  problems.length === 0
    ? "turbo graph: every dependent task re-runs"
    : `turbo graph: ${problems.length} problems`,
);
process.exit(problems.length === 0 ? 0 : 1);
