import { spawn } from "node:child_process";
import { isAbsolute } from "node:path";
import { z } from "zod";
import type { GitStatus } from "../git-status.js";
import { GitStatusError } from "../git-status-error.js";
import { parseArgument } from "../parse-argument.js";

/** Options of {@link readGitStatus}. */
export interface ReadGitStatusOptions {
  /** The `git` executable; `git` on the `PATH` when omitted. */
  readonly git?: string;
  /** Give up after this many milliseconds; 10,000 when omitted. */
  readonly timeout?: number;
}

const cwdSchema = z.string().refine((path) => isAbsolute(path), "expected an absolute path");

const optionsSchema = z
  .strictObject({
    git: z.string().min(1).optional(),
    timeout: z.number().int().positive().optional(),
  })
  .optional();

/**
 * Reads the status of the repository that holds `cwd` with `git status --porcelain=v2
 * --branch -z`, counting entries as they stream in, so memory stays small however many files
 * changed. Resolves to `undefined` when `cwd` is not inside a repository.
 *
 * @throws {GitStatusError} naming the argument when `cwd` is not an absolute path or `options`
 * does not fit its type; when git cannot be started, times out or fails for another reason.
 * @example
 * ```ts
 * const status = await readGitStatus("/work/repo");
 * // { branch: "main", ahead: 0, behind: 0, changedFiles: 2 }
 * ```
 */
export function readGitStatus(
  cwd: string,
  options: ReadGitStatusOptions = {},
): Promise<GitStatus | undefined> {
  try {
    parseArgument("cwd", cwd, cwdSchema, cwd);
    parseArgument("options", options, optionsSchema, cwd);
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    const child = spawn(
      options.git ?? "git",
      ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=all"],
      { cwd, stdio: ["ignore", "pipe", "pipe"], timeout: options.timeout ?? 10_000 },
    );
    const parser = createStatusParser();
    let errorText = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => parser.push(chunk));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      if (errorText.length < 2_000) errorText += chunk;
    });
    child.on("error", (error) =>
      reject(GitStatusError.forRepository("git-failed", error.message, { cwd, cause: error })),
    );
    child.on("close", (code, signal) => {
      if (code === 0) resolve(parser.finish());
      else if (/not a git repository/i.test(errorText)) resolve(undefined);
      else
        reject(
          GitStatusError.forRepository(
            "git-failed",
            signal === null
              ? `git exited with ${code}: ${errorText.trim()}`
              : `git was stopped (${signal})`,
            { cwd },
          ),
        );
    });
  });
}

/** Reads NUL-separated porcelain v2 records; only the current record is ever held. */
function createStatusParser() {
  let rest = "";
  let skipNext = false;
  let branch: string | null = null;
  let ahead: number | null = null;
  let behind: number | null = null;
  let changedFiles = 0;
  const record = (line: string) => {
    if (skipNext) {
      skipNext = false;
      return;
    }
    if (line.startsWith("# branch.head ")) {
      const head = line.slice("# branch.head ".length);
      branch = head === "(detached)" ? null : head;
    } else if (line.startsWith("# branch.ab ")) {
      const match = /^# branch\.ab \+(\d+) -(\d+)$/.exec(line);
      ahead = match === null ? null : Number(match[1]);
      behind = match === null ? null : Number(match[2]);
    } else if (/^[12u?] /.test(line)) {
      changedFiles += 1;
      skipNext = line.startsWith("2 ");
    }
  };
  return {
    push(chunk: string) {
      const records = (rest + chunk).split("\0");
      rest = records.pop() ?? "";
      for (const line of records) record(line);
    },
    finish(): GitStatus {
      if (rest !== "") record(rest);
      return { branch, ahead, behind, changedFiles };
    },
  };
}
