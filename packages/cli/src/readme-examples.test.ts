import { execFile, execFileSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexRolloutPath } from "@ctx/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { writeCtxShim } from "./__fixtures__/run-ctx.js";

// The README and the reference page it links to, in reading order.
const readme = (
  await Promise.all(
    ["../README.md", "../docs/reference.md"].map((page) =>
      readFile(new URL(page, import.meta.url), "utf8"),
    ),
  )
).join("\n");
/** Every line of the shell blocks of those pages that runs `ctx` or writes a file it reads. */
const lines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap(([, block]) => (block ?? "").split("\n"))
  .filter((line) => /^(ctx|echo) /.test(line));

let project: string;
let bin: string;
beforeAll(async () => {
  const root = await realpath(await mkdtemp(join(tmpdir(), "ctx-readme-")));
  project = join(root, "project");
  bin = join(root, "bin");
  await Promise.all([mkdir(project), mkdir(bin), mkdir(join(root, "other-repo"))]);
  execFileSync("git", ["init", "--quiet", project]);
  await writeFile(join(project, "AGENTS.md"), "Run the tests before committing.\n");
  // The smallest real rollout: inspect counts every text with o200k_base, in a process per line.
  await copyFile(
    codexRolloutPath("desktop-0.144-subagent-fork.jsonl"),
    join(project, "rollout.jsonl"),
  );
  await writeCtxShim(bin);
});

describe("the README's examples", () => {
  it("has examples to run", () => {
    expect(lines.filter((line) => line.startsWith("ctx ")).length).toBeGreaterThan(10);
  });

  // In order: an `echo` writes a file a later `ctx` line reads.
  it.each(lines)("runs %s", async (line) => {
    const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        "bash",
        ["-c", line],
        {
          cwd: project,
          env: { PATH: `${bin}:${process.env.PATH ?? ""}`, HOME: project },
          maxBuffer: 64 * 1024 * 1024,
        },
        (error, _stdout, stderr) =>
          resolve({ code: error === null ? 0 : Number(error.code ?? 1), stderr }),
      );
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
});
