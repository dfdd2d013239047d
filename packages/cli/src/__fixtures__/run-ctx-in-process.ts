import { runCli } from "../run-cli.js";
import type { CtxRun } from "./run-ctx.js";

/**
 * Runs `ctx` in this process (no process spawned) with `args` in `cwd` and exactly the
 * environment variables `env`, and collects what it wrote.
 */
export async function runCtxInProcess(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>>,
): Promise<CtxRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    cwd,
  });
  return { code, stdout, stderr };
}
