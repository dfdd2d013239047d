import { execFile } from "node:child_process";
import { readdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

const run = promisify(execFile);
const script = fileURLToPath(new URL("./scripts/build.mjs", import.meta.url));

declare module "vitest" {
  export interface ProvidedContext {
    /** The built `ctx` this run's tests start: its `bin.js`. */
    ctxBundle: string;
  }
}

/**
 * Bundles `ctx` as `pnpm build` does, into a folder of this run's own (`.bundle-<pid>`, see
 * `src/__fixtures__/run-ctx.ts`), before any test file runs, and removes it when the run ends:
 * the tests that start the real command run this bundle, built from the sources they test, with
 * no build of any package needed first. A folder per run, because two runs of this package at
 * once (the soak beside the benches in `.ci/run`) each emptied and rebuilt one shared folder
 * while the other was reading it.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  await removeBundlesOfEndedRuns();
  const folder = `.bundle-${process.pid}`;
  await run(process.execPath, [script, folder], { timeout: 120_000 });
  const built = new URL(`./${folder}/`, import.meta.url);
  project.provide("ctxBundle", fileURLToPath(new URL("bin.js", built)));
  return () => rm(built, { recursive: true, force: true });
}

/**
 * Removes the bundle folders of runs that ended without their teardown (stopped with Ctrl-C,
 * say): a folder whose process no longer runs. A folder of a run still going is left alone.
 */
async function removeBundlesOfEndedRuns(): Promise<void> {
  const here = new URL("./", import.meta.url);
  for (const name of await readdir(here)) {
    const pid = /^\.bundle-(\d+)$/.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    await rm(new URL(`./${name}/`, here), { recursive: true, force: true });
  }
}

/** Whether process `pid` runs (signal 0 only checks; a process of another user counts as running). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return Reflect.get(Object(error), "code") === "EPERM";
  }
}
