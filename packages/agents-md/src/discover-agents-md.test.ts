import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { budgetCutWarning } from "./__fixtures__/budget-cut-warning.js";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { AgentsMdError } from "./agents-md-error.js";
import type { DiscoverAgentsMdOptions } from "./agents-md-options.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import type { MemoryEntry } from "./memory-entry.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

const git = { directory: true } as const;

function discover(
  entries: Record<string, MemoryEntry>,
  options: Omit<DiscoverAgentsMdOptions, "fs"> & { caseInsensitive?: boolean },
) {
  const { caseInsensitive, ...rest } = options;
  const fs = createMemoryFileSystem(
    entries,
    caseInsensitive === undefined ? {} : { caseInsensitive },
  );
  return discoverAgentsMd({ ...rest, fs });
}

async function errorOf(promise: Promise<unknown>): Promise<AgentsMdError> {
  try {
    await promise;
  } catch (error) {
    if (AgentsMdError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an AgentsMdError");
}

describe("discoverAgentsMd", () => {
  describe("the project root", () => {
    it("is the nearest directory holding .git, a directory or a worktree file", async () => {
      const tree = {
        "/outer/.git": git,
        "/outer/AGENTS.md": "outer",
        "/outer/inner/.git": "gitdir: /outer/.git/worktrees/inner",
        "/outer/inner/AGENTS.md": "inner",
        "/outer/inner/a/AGENTS.md": "a",
      };
      const loaded = await discover(tree, { cwd: "/outer/inner/a" });
      expect(loaded.sources()).toEqual(["/outer/inner/AGENTS.md", "/outer/inner/a/AGENTS.md"]);
      expect(loaded.environments[0]?.root).toBe("/outer/inner");
    });

    it("searches from the root down to cwd, never above the root and never below cwd", async () => {
      const loaded = await discover(
        {
          "/AGENTS.md": "above the root",
          "/repo/.git": git,
          "/repo/AGENTS.md": "root",
          "/repo/a/AGENTS.md": "a",
          "/repo/a/b/AGENTS.md": "b",
          "/repo/a/b/below/AGENTS.md": "below cwd",
        },
        { cwd: "/repo/a/b" },
      );
      expect(loaded.environments[0]?.directories).toEqual(["/repo", "/repo/a", "/repo/a/b"]);
      expect(loaded.text()).toBe("root\n\na\n\nb");
    });

    it("is cwd alone when no marker is found, or the marker list is empty", async () => {
      const tree = { "/repo/.git": git, "/repo/AGENTS.md": "root", "/repo/a/AGENTS.md": "a" };
      expect((await discover(tree, { cwd: "/repo/a", rootMarkers: [] })).text()).toBe("a");
      expect((await discover(tree, { cwd: "/repo/a", rootMarkers: [".hg"] })).text()).toBe("a");
      expect((await discover(tree, { cwd: "/repo/a", rootMarkers: [".hg", ".git"] })).text()).toBe(
        "root\n\na",
      );
    });
  });

  describe("one file per directory", () => {
    it("takes AGENTS.override.md, then AGENTS.md, then the fallback names in order", async () => {
      const loaded = await discover(
        {
          "/r/.git": git,
          "/r/AGENTS.override.md": "root override",
          "/r/AGENTS.md": "root standard",
          "/r/a/CLAUDE.md": "a claude",
          "/r/a/NOTES.md": "a notes",
          "/r/a/b/NOTES.md": "b notes",
        },
        { cwd: "/r/a/b", fallbackFilenames: [" CLAUDE.md ", "", "NOTES.md", "CLAUDE.md"] },
      );
      expect(loaded.text()).toBe("root override\n\na claude\n\nb notes");
      expect(loaded.environments[0]?.candidateFilenames).toEqual([
        "AGENTS.override.md",
        "AGENTS.md",
        "CLAUDE.md",
        "NOTES.md",
      ]);
    });

    it("skips a directory or special file with a candidate name and takes the next name", async () => {
      const loaded = await discover(
        {
          "/r/.git": git,
          "/r/AGENTS.override.md": { directory: true },
          "/r/AGENTS.md": "root",
          "/r/a/AGENTS.override.md": { special: "fifo" },
          "/r/a/AGENTS.md": "a",
        },
        { cwd: "/r/a" },
      );
      expect(loaded.text()).toBe("root\n\na");
      expect(loaded.warnings.map((warning) => [warning.code, warning.path])).toEqual([
        ["file-skipped", "/r/AGENTS.override.md"],
        ["file-skipped", "/r/a/AGENTS.override.md"],
      ]);
    });

    it("follows a symlinked AGENTS.md and reports it by the path where it was found", async () => {
      const loaded = await discover(
        {
          "/r/.git": git,
          "/shared/rules.md": "shared rules",
          "/r/AGENTS.md": { symlink: "/shared/rules.md" },
        },
        { cwd: "/r" },
      );
      expect(loaded.text()).toBe("shared rules");
      expect(loaded.sources()).toEqual(["/r/AGENTS.md"]);
    });

    it("lets a blank AGENTS.override.md claim its directory: the AGENTS.md beside it is not read", async () => {
      const loaded = await discover(
        { "/r/.git": git, "/r/AGENTS.override.md": " \n\t", "/r/AGENTS.md": "never read" },
        { cwd: "/r" },
      );
      expect(loaded.isEmpty()).toBe(true);
      expect(loaded.text()).toBe("");
      expect(loaded.warnings).toEqual([
        expect.objectContaining({
          code: "file-skipped",
          path: "/r/AGENTS.override.md",
          reason: "white-space-only",
        }),
      ]);
    });

    it("finds agents.md as AGENTS.md on a case-insensitive file system, as a stat does", async () => {
      const loaded = await discover(
        { "/Repo/.git": git, "/Repo/agents.md": "lower-case name" },
        { cwd: "/repo", caseInsensitive: true },
      );
      expect(loaded.text()).toBe("lower-case name");
      expect(loaded.sources()).toEqual(["/Repo/AGENTS.md"]);
    });
  });

  describe("the global file", () => {
    const home = "/home/me/.codex";

    it("comes first, trimmed, then the project-doc marker, then the project files", async () => {
      const loaded = await discover(
        {
          [`${home}/AGENTS.override.md`]: "   ",
          [`${home}/AGENTS.md`]: "\n  global text \n\n",
          "/r/.git": git,
          "/r/AGENTS.md": "root",
          "/r/nested/AGENTS.md": "abcdef",
        },
        { cwd: "/r/nested", home },
      );
      expect(loaded.text()).toBe("global text\n\n--- project-doc ---\n\nroot\n\nabcdef");
      expect(loaded.sources()).toEqual([
        `${home}/AGENTS.md`,
        "/r/AGENTS.md",
        "/r/nested/AGENTS.md",
      ]);
      expect(loaded.global).toMatchObject({ scope: "global", text: "global text" });
    });

    it("is not bound by the project budget, and stays when project files are off", async () => {
      const tree = {
        [`${home}/AGENTS.md`]: "a long global text",
        "/r/.git": git,
        "/r/AGENTS.md": "root",
      };
      expect((await discover(tree, { cwd: "/r", home, maxBytes: 4 })).text()).toBe(
        "a long global text\n\n--- project-doc ---\n\nroot",
      );
      const off = await discover(tree, { cwd: "/r", home, maxBytes: 0 });
      expect(off.text()).toBe("a long global text");
      expect(off.directory).toBeNull();
    });

    it("is read only when a home folder is given", async () => {
      const loaded = await discover(
        { [`${home}/AGENTS.md`]: "g", "/r/AGENTS.md": "r" },
        { cwd: "/r" },
      );
      expect(loaded.global).toBeNull();
      expect(loaded.text()).toBe("r");
    });
  });

  describe("the byte budget", () => {
    it("keeps the reference example: budget 7, root `root`, nested `abcdef` gives `root\\n\\nabc`", async () => {
      const loaded = await discover(
        { "/r/.git": git, "/r/AGENTS.md": "root", "/r/nested/AGENTS.md": "abcdef" },
        { cwd: "/r/nested", maxBytes: 7 },
      );
      expect(loaded.text()).toBe("root\n\nabc");
      expect(loaded.environments[0]).toMatchObject({ maxBytes: 7, usedBytes: 7 });
    });

    it("cuts the file that crosses the budget and says where", async () => {
      const loaded = await discover(
        { "/r/.git": git, "/r/AGENTS.md": "root", "/r/nested/AGENTS.md": "abcdef" },
        { cwd: "/r/nested", maxBytes: 7 },
      );
      expect(loaded.entries[1]).toEqual({
        scope: "project",
        environment: "local",
        cwd: "/r/nested",
        path: "/r/nested/AGENTS.md",
        identity: expect.any(String),
        text: "abc",
        bytes: 6,
        bytesRead: 6,
        keptBytes: 3,
        cut: { at: 3, droppedBytes: 3, splitCharacter: false },
        imports: [],
      });
      expect(loaded.warnings).toEqual([budgetCutWarning("/r/nested/AGENTS.md", 6, 3)]);
    });

    it("defaults to 32 KiB and does not count the separators", async () => {
      const loaded = await discover(
        {
          "/r/.git": git,
          "/r/AGENTS.md": "x".repeat(20_000),
          "/r/a/AGENTS.md": "y".repeat(20_000),
        },
        { cwd: "/r/a" },
      );
      expect(loaded.entries.map((entry) => entry.keptBytes)).toEqual([20_000, 12_768]);
      expect(loaded.text().length).toBe(32_768 + 2);
    });

    it("turns project files off at 0 without searching", async () => {
      const fs = createCountingFileSystem(
        createMemoryFileSystem({ "/r/.git": git, "/r/AGENTS.md": "root" }),
      );
      const loaded = await discoverAgentsMd({ cwd: "/r", maxBytes: 0, fs });
      expect(loaded.isEmpty()).toBe(true);
      expect(fs.calls.map((call) => call.operation)).toEqual(["realpath", "readdir"]);
    });

    it("serves the nearest file first with nearest-first, so the root file is the one cut", async () => {
      const tree = {
        "/r/.git": git,
        "/r/AGENTS.md": "a big root file",
        "/r/a/AGENTS.md": "specific",
      };
      const rootFirst = await discover(tree, { cwd: "/r/a", maxBytes: 16 });
      const nearestFirst = await discover(tree, {
        cwd: "/r/a",
        maxBytes: 16,
        budget: "nearest-first",
      });
      expect(rootFirst.text()).toBe("a big root file\n\ns");
      expect(nearestFirst.text()).toBe("a big ro\n\nspecific");
      expect(nearestFirst.environments[0]?.budget).toBe("nearest-first");
    });

    it("skips blank files at no cost, and drops files once the budget is spent", async () => {
      const loaded = await discover(
        {
          "/r/.git": git,
          "/r/AGENTS.md": "\n\n\n",
          "/r/a/AGENTS.md": "abc",
          "/r/a/b/AGENTS.md": "def",
        },
        { cwd: "/r/a/b", maxBytes: 3 },
      );
      expect(loaded.text()).toBe("abc");
      expect(loaded.warnings.map((warning) => [warning.code, warning.path])).toEqual([
        ["file-skipped", "/r/AGENTS.md"],
        ["file-dropped", "/r/a/b/AGENTS.md"],
      ]);
    });

    it("adds a note where a file was cut, when asked", async () => {
      const loaded = await discover(
        { "/r/.git": git, "/r/AGENTS.md": "abcdef" },
        { cwd: "/r", maxBytes: 3, truncationNote: true },
      );
      expect(loaded.text()).toBe(
        "abc\n\n[Cut short: only the first 3 of 6 bytes of /r/AGENTS.md fit the instruction budget. Read that file for the rest.]",
      );
    });

    it("reads a 1 GB AGENTS.md only as far as the budget needs", async () => {
      const fs = createCountingFileSystem(
        createMemoryFileSystem({
          "/r/.git": git,
          "/r/AGENTS.md": { repeat: "rule ", bytes: 1_000_000_000 },
        }),
      );
      const loaded = await discoverAgentsMd({ cwd: "/r", fs });
      expect(loaded.entries[0]).toMatchObject({
        bytes: 1_000_000_000,
        bytesRead: 32_771,
        keptBytes: 32_768,
      });
      expect(fs.calls.filter((call) => call.operation === "open")).toEqual([
        { operation: "open", path: "/r/AGENTS.md", maxBytes: 32_771, bytes: 32_771 },
      ]);
    });
  });

  describe("text as Codex 0.169 shows it", () => {
    it("does not trim project files: a trailing newline and the separator make three", async () => {
      const loaded = await discover(
        { "/r/.git": git, "/r/AGENTS.md": "one\n", "/r/a/AGENTS.md": "two\n" },
        { cwd: "/r/a" },
      );
      expect(loaded.text()).toBe("one\n\n\ntwo\n");
    });

    it("keeps a byte order mark and CRLF line ends", async () => {
      const loaded = await discover(
        { "/r/.git": git, "/r/AGENTS.md": Uint8Array.of(0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a) },
        { cwd: "/r" },
      );
      expect(loaded.text()).toBe("\ufeffa\r\n");
    });

    it("cuts at the byte, so a split character shows as U+FFFD", async () => {
      const loaded = await discover(
        { "/r/.git": git, "/r/AGENTS.md": "h\u00e9llo" },
        { cwd: "/r", maxBytes: 2 },
      );
      expect(loaded.text()).toBe("h\ufffd");
      expect(loaded.entries[0]?.cut?.splitCharacter).toBe(true);
    });

    it("decodes invalid UTF-8 lossily and warns", async () => {
      const bytes = new TextEncoder().encode("project? doc");
      bytes[7] = 0xff;
      const loaded = await discover({ "/r/.git": git, "/r/AGENTS.md": bytes }, { cwd: "/r" });
      expect(loaded.text()).toBe("project\ufffd doc");
      expect(loaded.warnings.map((warning) => warning.code)).toEqual(["invalid-utf8"]);
    });

    it("reports and searches a symlinked working directory by its physical path", async () => {
      const loaded = await discover(
        {
          "/real/repo/.git": git,
          "/real/repo/AGENTS.md": "root",
          "/real/repo/sub/AGENTS.md": "sub",
          "/links/sub": { symlink: "/real/repo/sub" },
          "/links/AGENTS.md": "beside the link: never read",
        },
        { cwd: "/links/sub" },
      );
      expect(loaded.directory).toBe("/real/repo/sub");
      expect(loaded.environments[0]).toMatchObject({
        cwd: "/real/repo/sub",
        requestedCwd: "/links/sub",
      });
      expect(loaded.text()).toBe("root\n\nsub");
    });

    it("names the working directory in the header, and no directory for the global file alone", async () => {
      const home = "/h";
      const project = await discover({ "/r/.git": git, "/r/AGENTS.md": "x" }, { cwd: "/r", home });
      expect(project.directory).toBe("/r");
      const globalOnly = await discover(
        { "/h/AGENTS.md": "g", "/r/.git": git },
        { cwd: "/r", home },
      );
      expect(globalOnly.directory).toBeNull();
    });
  });

  describe("@path imports", () => {
    const tree = {
      "/r/.git": git,
      "/r/AGENTS.md": "Root. @docs/style.md",
      "/r/docs/style.md": "Use tabs.",
      "/outside.md": "outside",
      "/r/a/AGENTS.md": "@../../outside.md",
    };

    it("are left as written unless asked for", async () => {
      expect((await discover(tree, { cwd: "/r" })).text()).toBe("Root. @docs/style.md");
    });

    it("inline files inside the project root, and record them on the entry", async () => {
      const loaded = await discover(tree, { cwd: "/r/a", imports: true });
      expect(loaded.text()).toBe(
        "Root. Use tabs.\n\n[@../../outside.md was not inlined: it lies outside the project root]",
      );
      expect(loaded.entries[0]?.imports.map((record) => record.path)).toEqual(["/r/docs/style.md"]);
      expect(loaded.warnings).toEqual([
        expect.objectContaining({
          code: "import-failed",
          path: "/r/a/AGENTS.md",
          reason: "outside-root",
        }),
      ]);
    });

    it("count against the budget, which cuts the expanded text", async () => {
      const loaded = await discover(tree, { cwd: "/r", imports: true, maxBytes: 10 });
      expect(loaded.text()).toBe("Root. Use ");
      expect(loaded.entries[0]).toMatchObject({ keptBytes: 10, cut: { at: 10, droppedBytes: 5 } });
    });

    it("stay inside the working directory when there is no project root", async () => {
      const loaded = await discover(
        { "/w/AGENTS.md": "@../up.md", "/up.md": "up" },
        { cwd: "/w", imports: { maxDepth: 1 } },
      );
      expect(loaded.text()).toBe("[@../up.md was not inlined: it lies outside the project root]");
    });

    it("in the global file stay inside the home folder", async () => {
      const loaded = await discover(
        {
          "/h/AGENTS.md": "@prefs.md @../r/AGENTS.md",
          "/h/prefs.md": "terse",
          "/r/AGENTS.md": "r",
        },
        { cwd: "/r", home: "/h", imports: true, rootMarkers: [] },
      );
      expect(loaded.global?.text).toBe(
        "terse [@../r/AGENTS.md was not inlined: it lies outside the project root]",
      );
    });
  });

  describe("bad input", () => {
    it("throws a typed error for a working directory that does not exist", async () => {
      const error = await errorOf(discover({}, { cwd: "/nowhere" }));
      expect(error).toMatchObject({
        name: "AgentsMdError",
        code: "cwd-not-found",
        path: "/nowhere",
        environment: "local",
      });
    });

    it("throws a typed error for a working directory that is a file", async () => {
      expect((await errorOf(discover({ "/f": "x" }, { cwd: "/f" }))).code).toBe(
        "cwd-not-a-directory",
      );
    });

    it("throws a typed error for invalid options, naming them", async () => {
      const fs = createMemoryFileSystem();
      const error = await errorOf(discoverAgentsMd({ cwd: "relative", maxBytes: 1.5, fs }));
      expect(error.code).toBe("invalid-argument");
      expect(error.issues.map((issue) => issue.path)).toEqual(["maxBytes"]);
      expect((await errorOf(discoverAgentsMd({ cwd: "relative", fs }))).issues).toEqual([
        { path: "cwd", message: "expected an absolute path" },
      ]);
      expect((await errorOf(discoverAgentsMd({ cwd: "/repo" }))).issues).toEqual([
        {
          path: "fs",
          message:
            "expected a file system: createNodeFileSystem() of @ctx/agents-md/node on Node, createMemoryFileSystem(), or your own",
        },
      ]);
    });

    it("goes on past permission denied, a symlink loop, a vanished file and a binary file", async () => {
      const loaded = await discover(
        {
          "/r/.git": git,
          "/r/AGENTS.md": { file: "secret", readError: "EACCES" },
          "/r/a/AGENTS.override.md": { symlink: "AGENTS.override.md" },
          "/r/a/AGENTS.md": "a",
          "/r/a/b/AGENTS.md": { file: "gone", readError: "ENOENT" },
          "/r/a/b/c/AGENTS.md": Uint8Array.of(0x00, 0x61, 0x73, 0x6d),
          "/r/a/b/c/d/AGENTS.md": "d",
        },
        { cwd: "/r/a/b/c/d" },
      );
      expect(loaded.text()).toBe("a\n\nd");
      expect(
        loaded.warnings.map((warning) => [
          warning.code,
          warning.path,
          "reason" in warning ? warning.reason : "",
        ]),
      ).toEqual([
        ["read-failed", "/r/a/AGENTS.override.md", "symlink-loop"],
        ["read-failed", "/r/AGENTS.md", "permission-denied"],
        ["read-failed", "/r/a/b/AGENTS.md", "not-found"],
        ["binary-file", "/r/a/b/c/AGENTS.md", ""],
      ]);
    });
  });

  describe("for any tree", () => {
    const level = fc.record({
      git: fc.boolean(),
      override: fc.constantFrom(null, "blank", "text"),
      agents: fc.constantFrom(null, "blank", "text"),
    });

    it("loads, root first, one file per directory from the nearest marked directory down to cwd", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(level, { minLength: 1, maxLength: 7 }),
          fc.nat(),
          async (levels, seed) => {
            const cwdLevel = seed % levels.length;
            const folder = (index: number) => `/t${"/d".repeat(index)}`;
            const entries: Record<string, MemoryEntry> = {};
            levels.forEach((spec, index) => {
              entries[`${folder(index)}/keep`] = "";
              if (spec.git) entries[`${folder(index)}/.git`] = git;
              if (spec.override !== null) {
                entries[`${folder(index)}/AGENTS.override.md`] =
                  spec.override === "blank" ? " \n" : `override ${index}`;
              }
              if (spec.agents !== null) {
                entries[`${folder(index)}/AGENTS.md`] =
                  spec.agents === "blank" ? "\t" : `agents ${index}`;
              }
            });
            let root = -1;
            for (let index = cwdLevel; index >= 0 && root === -1; index -= 1) {
              if (levels[index]?.git) root = index;
            }
            const expected: { path: string; text: string }[] = [];
            for (let index = root === -1 ? cwdLevel : root; index <= cwdLevel; index += 1) {
              const spec = levels[index];
              if (spec?.override === "text") {
                expected.push({
                  path: `${folder(index)}/AGENTS.override.md`,
                  text: `override ${index}`,
                });
              } else if (spec?.override === null && spec.agents === "text") {
                expected.push({ path: `${folder(index)}/AGENTS.md`, text: `agents ${index}` });
              }
            }
            const loaded = await discover(entries, { cwd: folder(cwdLevel) });
            expect(loaded.sources()).toEqual(expected.map((entry) => entry.path));
            expect(loaded.text()).toBe(expected.map((entry) => entry.text).join("\n\n"));
          },
        ),
      );
    });
  });
});
