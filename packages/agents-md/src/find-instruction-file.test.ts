import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { candidateFilenames } from "./candidate-filenames.js";
import { createDirectoryLister } from "./directory-lister.js";
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
    expect(
      (await findInstructionFile(fs, createDirectoryLister(fs), "/d", names, "local")).found?.path,
    ).toBe("/d/AGENTS.override.md");
    expect(
      (await findInstructionFile(fs, createDirectoryLister(fs), "/e", names, "local")).found?.path,
    ).toBe("/e/AGENTS.md");
    expect(
      (await findInstructionFile(fs, createDirectoryLister(fs), "/f", names, "local")).found?.path,
    ).toBe("/f/CLAUDE.md");
  });

  it("picks the file from one listing of the directory, with no stat", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({ "/d/AGENTS.md": "a", "/d/CLAUDE.md": "c" }),
    );
    const result = await findInstructionFile(fs, createDirectoryLister(fs), "/d", names, "local");
    expect(result.found).toEqual({ path: "/d/AGENTS.md", stat: null });
    expect(fs.calls.map((call) => `${call.operation} ${call.path}`)).toEqual(["readdir /d"]);
  });

  it("asks a stat what a listing cannot tell: a symlink, or a name in another letter case", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem(
        { "/d/agents.md": "a", "/e/AGENTS.md": { symlink: "../d/agents.md" } },
        { caseInsensitive: true },
      ),
    );
    const lister = createDirectoryLister(fs);
    expect((await findInstructionFile(fs, lister, "/d", names, "local")).found?.path).toBe(
      "/d/AGENTS.md",
    );
    expect((await findInstructionFile(fs, lister, "/e", names, "local")).found?.path).toBe(
      "/e/AGENTS.md",
    );
    expect(fs.calls.map((call) => `${call.operation} ${call.path}`)).toEqual([
      "readdir /d",
      "stat /d/AGENTS.md",
      "readdir /e",
      "stat /e/AGENTS.md",
    ]);
  });

  it("checks each name with a stat in a directory too large to list", async () => {
    const entries: Record<string, string> = { "/d/AGENTS.md": "a" };
    for (let index = 0; index < 4_100; index += 1) entries[`/d/file-${index}.txt`] = "";
    const fs = createCountingFileSystem(createMemoryFileSystem(entries));
    const result = await findInstructionFile(fs, createDirectoryLister(fs), "/d", names, "local");
    expect(result.found?.path).toBe("/d/AGENTS.md");
    expect(fs.calls.map((call) => `${call.operation} ${call.path}`)).toEqual([
      "readdir /d",
      "stat /d/AGENTS.override.md",
      "stat /d/AGENTS.md",
    ]);
  });

  it("passes over a directory or special file with a candidate name, with a warning", async () => {
    const fs = createMemoryFileSystem({
      "/d/AGENTS.override.md": { directory: true },
      "/d/AGENTS.md": { special: "fifo" },
      "/d/CLAUDE.md": "c",
    });
    const result = await findInstructionFile(fs, createDirectoryLister(fs), "/d", names, "local");
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
    const result = await findInstructionFile(fs, createDirectoryLister(fs), "/d", names, "local");
    expect(result.found?.path).toBe("/d/AGENTS.md");
    expect(result.found?.stat?.kind).toBe("file");
    expect(result.warnings).toEqual([]);
  });

  it("tries the next name after a symlink loop or a permission error, with a warning", async () => {
    const fs = createMemoryFileSystem({
      "/d/loop": { symlink: "AGENTS.override.md" },
      "/d/AGENTS.override.md": { symlink: "loop" },
      "/d/AGENTS.md": { error: "EACCES" },
      "/d/CLAUDE.md": "c",
    });
    const result = await findInstructionFile(fs, createDirectoryLister(fs), "/d", names, "local");
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
    expect(await findInstructionFile(fs, createDirectoryLister(fs), "/d", names, "local")).toEqual({
      found: null,
      warnings: [],
    });
  });
});
