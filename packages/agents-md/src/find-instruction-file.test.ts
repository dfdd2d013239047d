import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { candidateFilenames } from "./candidate-filenames.js";
import { findInstructionFile } from "./find-instruction-file.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

const names = candidateFilenames(["CLAUDE.md"]);

describe("findInstructionFile", () => {
  it("takes the override before AGENTS.md before the fallbacks, one file per directory", async () => {
    const fs = createMemoryFileSystem({
      "/d/AGENTS.override.md": "o",
      "/d/AGENTS.md": "a",
      "/d/CLAUDE.md": "c",
      "/e/AGENTS.md": "a",
      "/e/CLAUDE.md": "c",
      "/f/CLAUDE.md": "c",
    });
    expect((await findInstructionFile(fs, "/d", names, "local")).found?.path).toBe(
      "/d/AGENTS.override.md",
    );
    expect((await findInstructionFile(fs, "/e", names, "local")).found?.path).toBe("/e/AGENTS.md");
    expect((await findInstructionFile(fs, "/f", names, "local")).found?.path).toBe("/f/CLAUDE.md");
  });

  it("stops at the first file, one stat per name tried", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({ "/d/AGENTS.md": "a", "/d/CLAUDE.md": "c" }),
    );
    await findInstructionFile(fs, "/d", names, "local");
    expect(fs.calls.map((call) => call.path)).toEqual(["/d/AGENTS.override.md", "/d/AGENTS.md"]);
  });

  it("passes over a directory or special file with a candidate name, with a warning", async () => {
    const fs = createMemoryFileSystem({
      "/d/AGENTS.override.md": { directory: true },
      "/d/AGENTS.md": { special: "fifo" },
      "/d/CLAUDE.md": "c",
    });
    const result = await findInstructionFile(fs, "/d", names, "local");
    expect(result.found?.path).toBe("/d/CLAUDE.md");
    expect(result.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["file-skipped", "/d/AGENTS.override.md"],
      ["file-skipped", "/d/AGENTS.md"],
    ]);
  });

  it("follows a symlinked file; a dangling symlink is absent", async () => {
    const fs = createMemoryFileSystem({
      "/shared/rules.md": "shared",
      "/d/AGENTS.override.md": { symlink: "nowhere" },
      "/d/AGENTS.md": { symlink: "../shared/rules.md" },
    });
    const result = await findInstructionFile(fs, "/d", names, "local");
    expect(result.found?.path).toBe("/d/AGENTS.md");
    expect(result.found?.stat.kind).toBe("file");
    expect(result.warnings).toEqual([]);
  });

  it("tries the next name after a symlink loop or a permission error, with a warning", async () => {
    const fs = createMemoryFileSystem({
      "/d/loop": { symlink: "AGENTS.override.md" },
      "/d/AGENTS.override.md": { symlink: "loop" },
      "/d/AGENTS.md": { error: "EACCES" },
      "/d/CLAUDE.md": "c",
    });
    const result = await findInstructionFile(fs, "/d", names, "local");
    expect(result.found?.path).toBe("/d/CLAUDE.md");
    expect(result.warnings).toEqual([
      expect.objectContaining({
        code: "read-failed",
        path: "/d/AGENTS.override.md",
        reason: "symlink-loop",
      }),
      expect.objectContaining({
        code: "read-failed",
        path: "/d/AGENTS.md",
        reason: "permission-denied",
      }),
    ]);
  });

  it("finds nothing in an empty directory", async () => {
    const fs = createMemoryFileSystem({ "/d": { directory: true } });
    expect(await findInstructionFile(fs, "/d", names, "local")).toEqual({
      found: null,
      warnings: [],
    });
  });
});
