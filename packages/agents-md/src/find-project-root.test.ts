import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { findProjectRoot } from "./find-project-root.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

describe("findProjectRoot", () => {
  it("finds the nearest directory holding a marker, walking up from cwd", async () => {
    const fs = createMemoryFileSystem({
      "/outer/.git": { directory: true },
      "/outer/inner/.git": "gitdir: ../.git/worktrees/inner",
      "/outer/inner/a/b": { directory: true },
    });
    expect((await findProjectRoot(fs, "/outer/inner/a/b", [".git"], "local")).root).toBe(
      "/outer/inner",
    );
    expect((await findProjectRoot(fs, "/outer/x", [".git"], "local")).root).toBe("/outer");
  });

  it("counts cwd itself, and any kind of entry as a marker", async () => {
    const fs = createMemoryFileSystem({ "/repo/.hg": { special: "fifo" } });
    expect((await findProjectRoot(fs, "/repo", [".git", ".hg"], "local")).root).toBe("/repo");
  });

  it("finds no root without a marker, or with an empty marker list, and never stats then", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({ "/repo/.git": { directory: true } }),
    );
    expect((await findProjectRoot(fs, "/repo/a", [".svn"], "local")).root).toBeNull();
    fs.reset();
    expect((await findProjectRoot(fs, "/repo/a", [], "local")).root).toBeNull();
    expect(fs.count()).toBe(0);
  });

  it("makes one stat per directory and marker, stopping at the first hit", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({ "/r/.git": { directory: true }, "/r/a/b/c": { directory: true } }),
    );
    await findProjectRoot(fs, "/r/a/b/c", [".hg", ".git"], "local");
    expect(fs.calls.map((call) => call.path)).toEqual([
      "/r/a/b/c/.hg",
      "/r/a/b/c/.git",
      "/r/a/b/.hg",
      "/r/a/b/.git",
      "/r/a/.hg",
      "/r/a/.git",
      "/r/.hg",
      "/r/.git",
    ]);
  });

  it("counts a marker that cannot be checked as absent, and says so", async () => {
    const fs = createMemoryFileSystem({
      "/repo/.git": { directory: true },
      "/repo/sub/.git": { error: "EACCES" },
    });
    const { root, warnings } = await findProjectRoot(fs, "/repo/sub", [".git"], "local");
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
