import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../bin.ts", import.meta.url));
const tsx = import.meta.resolve("tsx");

/** What a run of `ctx` left behind. */
export interface CtxRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `ctx` as a user would, in its own process from its TypeScript sources, in `cwd`, with a
 * clean environment (no colour variables, `HOME` pointed at `cwd` unless `env` says otherwise).
 */
export function runCtx(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<CtxRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--conditions=@ctx/source", "--import", tsx, entry, ...args],
      {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: cwd, ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== "number") {
          reject(error);
          return;
        }
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr });
      },
    );
  });
}
