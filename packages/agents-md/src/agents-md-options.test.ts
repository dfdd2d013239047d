import { describe, expect, it } from "vitest";
import { AgentsMdError } from "./agents-md-error.js";
import { resolveOptions } from "./agents-md-options.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

const fs = createMemoryFileSystem();

function issuesOf(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (error) {
    if (AgentsMdError.isInstance(error)) {
      expect(error.code).toBe("invalid-argument");
      return [...error.issues];
    }
    throw error;
  }
  throw new Error("expected an AgentsMdError");
}

describe("resolveOptions", () => {
  it("applies the reference defaults", () => {
    const { environments, shared } = resolveOptions([{ id: "local", cwd: "/repo" }], { fs });
    expect(environments).toEqual([
      {
        id: "local",
        cwd: "/repo",
        fs,
        rootMarkers: [".git"],
        candidateFilenames: ["AGENTS.override.md", "AGENTS.md"],
        maxBytes: 32_768,
        budget: "root-first",
      },
    ]);
    expect(shared).toEqual({
      home: null,
      maxGlobalBytes: 1_048_576,
      truncationNote: false,
      importDepth: null,
    });
  });

  it("lets an environment override the shared settings", () => {
    const { environments } = resolveOptions(
      [
        { id: "a", cwd: "/a" },
        { id: "b", cwd: "/b", maxBytes: 10, rootMarkers: [], fallbackFilenames: ["CLAUDE.md"] },
      ],
      { fs, maxBytes: 99, budget: "nearest-first" },
    );
    expect(
      environments.map(({ maxBytes, budget, rootMarkers }) => ({ maxBytes, budget, rootMarkers })),
    ).toEqual([
      { maxBytes: 99, budget: "nearest-first", rootMarkers: [".git"] },
      { maxBytes: 10, budget: "nearest-first", rootMarkers: [] },
    ]);
  });

  it("turns imports on with depth 5, or the depth given", () => {
    expect(resolveOptions([{ id: "a", cwd: "/a" }], { fs, imports: true }).shared.importDepth).toBe(
      5,
    );
    expect(
      resolveOptions([{ id: "a", cwd: "/a" }], { fs, imports: { maxDepth: 2 } }).shared.importDepth,
    ).toBe(2);
  });

  it("names every bad option, as the single-environment caller wrote it", () => {
    const issues = issuesOf(() =>
      resolveOptions(
        [{ id: "", cwd: "relative/path" }],
        { fs, maxBytes: -1, budget: "leaf-first", typo: 1 },
        "single",
      ),
    );
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      "budget",
      "environment",
      "maxBytes",
      "typo",
    ]);
  });

  it("names bad environments by index, and refuses duplicate ids and relative paths", () => {
    expect(issuesOf(() => resolveOptions([], { fs })).map((issue) => issue.path)).toEqual([
      "environments",
    ]);
    const issues = issuesOf(() =>
      resolveOptions(
        [
          { id: "a", cwd: "/a" },
          { id: "a", cwd: "b" },
        ],
        { fs, home: "~/.codex" },
      ),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      "environments[1].id",
      "environments[1].cwd",
      "home",
    ]);
  });

  it("refuses a working directory or a home holding a NUL byte, which no file system takes", () => {
    const issues = issuesOf(() =>
      resolveOptions([{ id: "a", cwd: "/a\0/b" }], { fs, home: "/home/me\0" }),
    );
    expect(issues).toEqual([
      { path: "environments[0].cwd", message: "expected a path without a NUL byte" },
      { path: "home", message: "expected a path without a NUL byte" },
    ]);
  });

  it("refuses something that is not a file system", () => {
    expect(
      issuesOf(() => resolveOptions([{ id: "a", cwd: "/a" }], { fs: {} })).map(
        (issue) => issue.path,
      ),
    ).toEqual(["fs"]);
  });

  it("refuses a file name option that is a path: fallbacks and root markers are names", () => {
    const issues = issuesOf(() =>
      resolveOptions([{ id: "a", cwd: "/a", rootMarkers: [".git", "../.git"] }], {
        fs,
        fallbackFilenames: ["NOTES.md", "../../../etc/passwd"],
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      "environments[0].rootMarkers[1]",
      "fallbackFilenames[1]",
    ]);
  });

  it("holds every budget to the 64 MiB ceiling, Infinity and 2 ** 40 included", () => {
    const issues = issuesOf(() =>
      resolveOptions([{ id: "a", cwd: "/a", maxBytes: 2 ** 40 }], {
        fs,
        maxBytes: 67_108_865,
        maxGlobalBytes: Number.POSITIVE_INFINITY,
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      "environments[0].maxBytes",
      "maxBytes",
      "maxGlobalBytes",
    ]);
    const { environments, shared } = resolveOptions([{ id: "a", cwd: "/a" }], {
      fs,
      maxBytes: 67_108_864,
      maxGlobalBytes: 67_108_864,
    });
    expect([environments[0]?.maxBytes, shared.maxGlobalBytes]).toEqual([67_108_864, 67_108_864]);
  });

  it("needs a file system for every environment, and for the global file when home is set", () => {
    expect(
      issuesOf(() =>
        resolveOptions(
          [
            { id: "a", cwd: "/a" },
            { id: "b", cwd: "/b", fs },
          ],
          { home: "/h" },
        ),
      ).map((issue) => issue.path),
    ).toEqual(["environments[0].fs", "fs"]);
    expect(
      issuesOf(() => resolveOptions([{ id: "a", cwd: "/a" }], { home: "/h" }, "single")).map(
        (issue) => issue.path,
      ),
    ).toEqual(["fs"]);
    const { environments, shared } = resolveOptions([{ id: "a", cwd: "/a", fs }], {});
    expect([environments[0]?.fs, shared.home]).toEqual([fs, null]);
  });
});
