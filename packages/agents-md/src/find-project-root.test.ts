import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { createDirectoryLister } from "./directory-lister.js";
import { findProjectRoot } from "./find-project-root.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

describe("findProjectRoot", () => {
  it("finds the nearest directory holding a marker, walking up from cwd", async () => {
    const fs = createMemoryFileSystem({
      "/outer/.git": { directory: true },
      "/outer/inner/.git": "gitdir: ../.git/worktrees/inner",
      "/outer/inner/a/b": { directory: true },
    });
    expect(
      (await findProjectRoot(fs, createDirectoryLister(fs), "/outer/inner/a/b", [".git"], "local"))
        .root,
    ).toBe("/outer/inner");
    expect(
      (await findProjectRoot(fs, createDirectoryLister(fs), "/outer/x", [".git"], "local")).root,
    ).toBe("/outer");
  });

  it("counts cwd itself, and any kind of entry as a marker", async () => {
    const fs = createMemoryFileSystem({ "/repo/.hg": { special: "fifo" } });
    expect(
      (await findProjectRoot(fs, createDirectoryLister(fs), "/repo", [".git", ".hg"], "local"))
        .root,
    ).toBe("/repo");
  });

  it("finds no root without a marker, or with an empty marker list, and never stats then", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({ "/repo/.git": { directory: true } }),
    );
    expect(
      (await findProjectRoot(fs, createDirectoryLister(fs), "/repo/a", [".svn"], "local")).root,
    ).toBeNull();
    fs.reset();
    expect(
      (await findProjectRoot(fs, createDirectoryLister(fs), "/repo/a", [], "local")).root,
    ).toBeNull();
    expect(fs.count()).toBe(0);
  });

  it("lists each directory once for every marker, stopping at the first hit, and nothing above it", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({ "/r/.git": { directory: true }, "/r/a/b/c": { directory: true } }),
    );
    await findProjectRoot(fs, createDirectoryLister(fs), "/r/a/b/c", [".hg", ".git"], "local");
    expect(fs.calls.map((call) => `${call.operation} ${call.path}`)).toEqual([
      "readdir /r/a/b/c",
      "readdir /r/a/b",
      "readdir /r/a",
      "readdir /r",
    ]);
  });

  it("checks a symlinked marker with a stat: a dangling one is absent", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({
        "/r/.git": { directory: true },
        "/r/a/.git": { symlink: "nowhere" },
        "/r/a/b/.git": { symlink: "../../.git" },
      }),
    );
    const lister = createDirectoryLister(fs);
    expect((await findProjectRoot(fs, lister, "/r/a", [".git"], "local")).root).toBe("/r");
    expect((await findProjectRoot(fs, lister, "/r/a/b", [".git"], "local")).root).toBe("/r/a/b");
    expect(fs.calls.map((call) => `${call.operation} ${call.path}`)).toEqual([
      "readdir /r/a",
      "stat /r/a/.git",
      "readdir /r",
      "readdir /r/a/b",
      "stat /r/a/b/.git",
    ]);
  });

  it("counts a marker that cannot be checked as absent, and says so", async () => {
    const fs = createMemoryFileSystem({
      "/repo/.git": { directory: true },
      "/repo/sub/.git": { error: "EACCES" },
    });
    const { root, warnings } = await findProjectRoot(
      fs,
      createDirectoryLister(fs),
      "/repo/sub",
      [".git"],
      "local",
    );
    expect(root).toBe("/repo");
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "read-failed",
        path: "/repo/sub/.git",
        environment: "local",
        operation: "stat",
        reason: "permission-denied",
        errorCode: "EACCES",
      }),
    ]);
  });
});
