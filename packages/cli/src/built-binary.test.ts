import { execFileSync, spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexRolloutPath } from "@ctx/fixtures";
import type { ModelInput } from "@ctx/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { builtEntry, runBuiltCtx, runCtx } from "./__fixtures__/run-ctx.js";
import { undated } from "./__fixtures__/undated.js";

// The built command, bundled from the sources by the global set-up as `pnpm build` bundles
// `dist`: what `npm install @ctx/cli` puts on a user's PATH.
let repository: string;
beforeAll(async () => {
  const root = await realpath(await mkdtemp(join(tmpdir(), "ctx-built-")));
  repository = join(root, "repo");
  await mkdir(join(repository, "src"), { recursive: true });
  execFileSync("git", ["init", "--quiet", repository]);
  await writeFile(join(repository, "AGENTS.md"), "Run the tests before committing.\n");
});

describe("the built ctx", () => {
  it("sends what the sources send", async () => {
    const args = ["context", "src", "--format", "json", "--home", repository];
    const built = await runBuiltCtx(args, repository);
    const sources = await runCtx(args, repository);
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    const request = JSON.parse(built.stdout) as ModelInput;
    expect(request.input.length).toBeGreaterThan(0);
    expect(JSON.stringify(request)).toContain("Run the tests before committing.");
    expect(undated(built.stdout)).toBe(undated(sources.stdout));
  });

  it("prints a table with real token counts", async () => {
    const run = await runBuiltCtx(["context", "--home", repository], repository);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/agents_md_instructions/);
    expect(run.stdout).toContain("tokens counted with o200k_base");
  });

  it("refuses a bad flag in one line with exit code 2", async () => {
    const run = await runBuiltCtx(["context", "--bogus"], repository);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual(["error: unknown option '--bogus'"]);
  });

  // The 2 MB rollout's output is far larger than a pipe holds, so the command is still writing
  // when the reader goes away.
  it("ends quietly when the reader closes the pipe early", async () => {
    const rollout = codexRolloutPath("desktop-0.144-aborted-rollback-compaction.jsonl");
    const child = spawn(process.execPath, [builtEntry, "inspect", rollout, "--format", "json"], {
      cwd: repository,
      env: { PATH: process.env.PATH ?? "", HOME: repository },
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
    });
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
