import { execFile } from "node:child_process";
import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inject } from "vitest";
import { runCli } from "../run-cli.js";

/** What a run of `ctx` left behind. */
export interface CtxRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The built command: the bundle `pnpm build` makes for `dist` (what `npm install` puts on a
 * user's PATH), which the global set-up (`global-setup.ts`) builds from the sources into a
 * folder of the run's own before the tests run.
 */
export const builtEntry = inject("ctxBundle");

/**
 * Runs `ctx` in this process, through {@link runCli} as `bin.ts` calls it, in `cwd`, with a clean
 * environment (no colour variables, `HOME` pointed at `cwd` unless `env` says otherwise) and its
 * output collected. In-process, so a test pays for the command and not for a Node start and a
 * TypeScript load per run; {@link runBuiltCtx} and {@link writeCtxShim} cover the real process.
 */
export async function runCtx(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<CtxRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(args, {
    stdout: { write: (text: string) => stdout.push(text) > 0 },
    stderr: { write: (text: string) => stderr.push(text) > 0 },
    env: { PATH: process.env.PATH ?? "", HOME: cwd, ...env },
    cwd,
  });
  return { code, stdout: stdout.join(""), stderr: stderr.join("") };
}

/** Runs the built `ctx` ({@link builtEntry}) in its own process, in `cwd`, with `HOME` pointed at `cwd`. */
export function runBuiltCtx(args: readonly string[], cwd: string): Promise<CtxRun> {
  return runNode([builtEntry, ...args], cwd);
}

function runNode(args: readonly string[], cwd: string): Promise<CtxRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: cwd },
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

/**
 * Writes an executable `ctx` into `folder` that runs the built command ({@link builtEntry}), as
 * an installed `ctx` runs, so a shell with `folder` on its PATH can run a README's lines as
 * written.
 */
export async function writeCtxShim(folder: string): Promise<string> {
  const path = join(folder, "ctx");
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  await writeFile(
    path,
    `#!/bin/sh\nexec ${[process.execPath, builtEntry].map(quote).join(" ")} "$@"\n`,
  );
  await chmod(path, 0o755);
  return path;
}
