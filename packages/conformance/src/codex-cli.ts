import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { ConformanceError } from "./conformance-error.js";

const run = promisify(execFile);

/** The Codex CLI this package pins (`@openai/codex` 0.171.0, a prebuilt binary inside the npm package). */
export const codexBinary = join(
  dirname(createRequire(import.meta.url).resolve("@openai/codex/package.json")),
  "bin",
  "codex.js",
);

/** How one Codex command runs: where, with which `CODEX_HOME`, and with which extra variables. */
export interface CodexInvocation {
  readonly cwd: string;
  readonly home: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Runs the pinned Codex CLI with `HOME` and `CODEX_HOME` set to `home`, and returns what it
 * printed on standard output.
 *
 * @throws {ConformanceError} when Codex exits with an error.
 */
export async function runCodex(invocation: CodexInvocation): Promise<string> {
  try {
    const pending = run(process.execPath, [codexBinary, ...invocation.args], {
      cwd: invocation.cwd,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: invocation.home,
        CODEX_HOME: invocation.home,
        ...invocation.env,
      },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 60_000,
    });
    // `codex exec` reads a prompt from standard input until it closes.
    pending.child.stdin?.end();
    return (await pending).stdout;
  } catch (error) {
    const stderr =
      typeof error === "object" && error !== null && "stderr" in error ? String(error.stderr) : "";
    throw new ConformanceError(
      "codex-failed",
      `codex ${invocation.args.join(" ")} failed in ${invocation.cwd}: ${stderr.slice(-2000)}`,
      { cause: error },
    );
  }
}

/** The model-visible input of a first turn: `codex debug prompt-input` parsed as JSON. */
export async function codexPromptInput(
  invocation: Omit<CodexInvocation, "args"> & {
    readonly overrides: readonly string[];
    readonly prompt: string;
    /** A profile, passed before the subcommand as `codex --profile NAME` takes it. */
    readonly profile?: string;
  },
): Promise<unknown[]> {
  const stdout = await runCodex({
    cwd: invocation.cwd,
    home: invocation.home,
    args: [
      ...(invocation.profile === undefined ? [] : ["--profile", invocation.profile]),
      "debug",
      "prompt-input",
      ...invocation.overrides,
      invocation.prompt,
    ],
  });
  const parsed: unknown = JSON.parse(stdout);
  if (!Array.isArray(parsed))
    throw new ConformanceError("codex-failed", "codex debug prompt-input printed no list");
  return parsed;
}
