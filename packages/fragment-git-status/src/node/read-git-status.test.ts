import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GitStatusError } from "../git-status-error.js";
import { readGitStatus } from "./read-git-status.js";

const temporary = realpathSync(mkdtempSync(join(tmpdir(), "ctx-git-status-")));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Test",
      GIT_AUTHOR_EMAIL: "test@example.com",
      GIT_COMMITTER_NAME: "Test",
      GIT_COMMITTER_EMAIL: "test@example.com",
      GIT_CONFIG_GLOBAL: "/dev/null",
    },
  });

function repository(name: string): string {
  const root = join(temporary, name);
  execFileSync("mkdir", ["-p", root]);
  git(root, "init", "--quiet", "--initial-branch=main");
  writeFileSync(join(root, "a.txt"), "a\n");
  git(root, "add", "a.txt");
  git(root, "commit", "--quiet", "-m", "first");
  return root;
}

describe("readGitStatus", () => {
  it("reads the branch and counts changed, staged, renamed and untracked files", async () => {
    const root = repository("changes");
    writeFileSync(join(root, "a.txt"), "changed\n");
    writeFileSync(join(root, "b.txt"), "new\n");
    writeFileSync(join(root, "c d.txt"), "untracked with a space\n");
    git(root, "add", "b.txt");
    expect(await readGitStatus(root)).toEqual({
      branch: "main",
      ahead: null,
      behind: null,
      changedFiles: 3,
    });
    git(root, "commit", "--quiet", "-am", "second");
    git(root, "mv", "b.txt", "renamed.txt");
    expect((await readGitStatus(root))?.changedFiles).toBe(2);
  });

  it("counts commits ahead of and behind the upstream", async () => {
    const origin = repository("origin");
    const clone = join(temporary, "clone");
    git(temporary, "clone", "--quiet", origin, clone);
    writeFileSync(join(origin, "upstream.txt"), "u\n");
    git(origin, "add", "upstream.txt");
    git(origin, "commit", "--quiet", "-m", "upstream");
    writeFileSync(join(clone, "local.txt"), "l\n");
    git(clone, "add", "local.txt");
    git(clone, "commit", "--quiet", "-m", "local one");
    git(clone, "commit", "--quiet", "--allow-empty", "-m", "local two");
    git(clone, "fetch", "--quiet");
    expect(await readGitStatus(clone)).toEqual({
      branch: "main",
      ahead: 2,
      behind: 1,
      changedFiles: 0,
    });
  });

  it("reports a detached head as no branch", async () => {
    const root = repository("detached");
    git(root, "checkout", "--quiet", "--detach");
    expect((await readGitStatus(root))?.branch).toBeNull();
  });

  it("answers undefined outside a repository and refuses a relative path", async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), "ctx-not-a-repo-")));
    try {
      expect(await readGitStatus(outside)).toBeUndefined();
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    await expect(readGitStatus("relative/path")).rejects.toThrowError(
      /cwd: expected an absolute path/,
    );
    await expect(readGitStatus(temporary, { timeout: -1 })).rejects.toThrowError(
      /options\.timeout: /,
    );
    await expect(readGitStatus(temporary, { git: "/no/such/git" })).rejects.toThrowError(
      GitStatusError,
    );
    await expect(readGitStatus(temporary, { git: "/no/such/git" })).rejects.toMatchObject({
      code: "git-failed",
      cwd: temporary,
    });
    await expect(readGitStatus("relative/path")).rejects.toMatchObject({
      code: "invalid-argument",
      argument: "cwd",
    });
  });
});
