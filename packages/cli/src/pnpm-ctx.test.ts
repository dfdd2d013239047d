import { execFile } from "node:child_process";
import { mkdtemp, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ModelInput } from "@ctx/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import type { CtxRun } from "./__fixtures__/run-ctx.js";

// `pnpm ctx …` as a person runs it in this repository, through the real pnpm: the command runs
// from its sources in the folder the person stands in, with its own exit code and nothing of
// pnpm's on standard error.
const repository = fileURLToPath(new URL("../../../", import.meta.url));
/** A folder of another package, which has no `ctx` script of its own. */
const subfolder = join(repository, "tooling", "fixtures", "agents-trees");

let home: string;
beforeAll(async () => {
  home = await realpath(await mkdtemp(join(tmpdir(), "ctx-pnpm-")));
});

/** Runs `pnpm ...args` in `cwd` with a person's environment: none of pnpm's own variables. */
function runPnpm(args: readonly string[], cwd: string): Promise<CtxRun> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|pnpm_|INIT_CWD$|PNPM_SCRIPT_SRC_DIR$)/i.test(name),
    ),
  );
  return new Promise((resolve) => {
    execFile(
      "pnpm",
      args,
      { cwd, env: { ...env, HOME: home, NO_COLOR: "1" }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr });
      },
    );
  });
}

const cwdOf = (stdout: string) =>
  /<cwd>([^<]*)<\/cwd>/.exec(JSON.stringify((JSON.parse(stdout) as ModelInput).input))?.[1];

describe("pnpm ctx", () => {
  it("looks at the folder it is run from, in any package of the repository", async () => {
    const run = await runPnpm(["ctx", "context", "--no-config", "--format", "json"], subfolder);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(cwdOf(run.stdout)).toBe(subfolder);
  });

  it("looks at the folder pnpm -C names", async () => {
    const run = await runPnpm(
      ["-C", subfolder, "ctx", "context", "--no-config", "--format", "json"],
      home,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(cwdOf(run.stdout)).toBe(subfolder);
  });

  it("ends with the command's own exit code and its one line of error, without pnpm's echo", async () => {
    const run = await runPnpm(["ctx", "context", "--bogus"], repository);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual(["error: unknown option '--bogus'"]);
  });
});
