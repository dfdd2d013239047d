import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
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
  const folder = `.bundle-${process.pid}`;
  await run(process.execPath, [script, folder], { timeout: 120_000 });
  const built = new URL(`./${folder}/`, import.meta.url);
  project.provide("ctxBundle", fileURLToPath(new URL("bin.js", built)));
  return () => rm(built, { recursive: true, force: true });
}
