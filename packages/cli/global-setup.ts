import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const script = fileURLToPath(new URL("./scripts/build.mjs", import.meta.url));

/**
 * Bundles `ctx` as `pnpm build` does, into `.bundle` (see `src/__fixtures__/run-ctx.ts`), before
 * any test file runs: the tests that start the real command run this bundle, built from the
 * sources they test, with no build of any package needed first.
 */
export async function setup(): Promise<void> {
  await run(process.execPath, [script, ".bundle"], { timeout: 120_000 });
}
