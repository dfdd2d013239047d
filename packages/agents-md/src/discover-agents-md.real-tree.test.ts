import { execFileSync } from "node:child_process";
import {
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rm,
  symlink,
  truncate,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { agentsTreePath } from "@ctx/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { nodeModes } from "./__fixtures__/node-modes.js";
import { AgentsMdError } from "./agents-md-error.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import type { OpenOptions } from "./file-system.js";
import { createNodeFileSystem } from "./node/node-file-system.js";

let scratch = "";
beforeEach(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-tree-")));
});
afterEach(async () => {
  await chmod(scratch, 0o755).catch(() => undefined);
  await rm(scratch, { recursive: true, force: true });
});

async function write(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(scratch, path)), { recursive: true });
    await writeFile(join(scratch, path), text);
  }
}

/** Copies a fixture tree and creates the `.git` its MARKERS file stands for. */
async function fixtureTree(name: string): Promise<string> {
  const root = join(scratch, name);
  await cp(agentsTreePath(name), root, { recursive: true });
  await mkdir(join(root, ".git"));
  return root;
}

const isRoot = process.getuid?.() === 0;
const isWindows = process.platform === "win32";

describe.each(nodeModes)(
  "discoverAgentsMd on real directory trees, $mode calls",
  ({ blocking }) => {
    it("loads the override that sits beside AGENTS.md at the Kanbus root, and nothing else there", async () => {
      const root = await fixtureTree("Kanbus");
      const loaded = await discoverAgentsMd({
        cwd: join(root, "project", "issues"),
        fs: createNodeFileSystem({ blocking }),
      });
      expect(loaded.sources()).toEqual([
        join(root, "AGENTS.override.md"),
        join(root, "project", "AGENTS.md"),
        join(root, "project", "issues", "AGENTS.md"),
      ]);
      const override = await readFile(join(root, "AGENTS.override.md"), "utf8");
      expect(loaded.text().startsWith(`${override}\n\n`)).toBe(true);
      expect(loaded.warnings).toEqual([]);
    });

    it("cuts codex-session-view at 32 KiB and reports each file cut or left out", async () => {
      const root = await fixtureTree("codex-session-view");
      const loaded = await discoverAgentsMd({
        cwd: join(root, "src", "components"),
        fs: createNodeFileSystem({ blocking }),
      });
      expect(
        loaded.entries.map((entry) => [entry.path, entry.keptBytes, entry.cut?.droppedBytes]),
      ).toEqual([
        [join(root, "AGENTS.md"), 25_213, undefined],
        [join(root, "src", "AGENTS.md"), 7_555, 10_110],
      ]);
      expect(loaded.warnings.map((warning) => [warning.code, warning.path])).toEqual([
        ["file-cut", join(root, "src", "AGENTS.md")],
        ["file-dropped", join(root, "src", "components", "AGENTS.md")],
      ]);
    });

    it("gives the nearest files their whole text in codex-session-view with nearest-first", async () => {
      const root = await fixtureTree("codex-session-view");
      const loaded = await discoverAgentsMd({
        fs: createNodeFileSystem({ blocking }),
        cwd: join(root, "src", "components"),
        budget: "nearest-first",
      });
      expect(loaded.entries.map((entry) => [entry.path, entry.cut === null])).toEqual([
        [join(root, "AGENTS.md"), false],
        [join(root, "src", "AGENTS.md"), true],
        [join(root, "src", "components", "AGENTS.md"), true],
      ]);
      expect(loaded.environments[0]?.usedBytes).toBe(32_768);
    });

    it.skipIf(isWindows)(
      "searches a symlinked working directory by its physical path",
      async () => {
        await write({
          "repo/AGENTS.md": "root",
          "repo/real/sub/AGENTS.md": "sub",
          "AGENTS.md": "beside the link",
        });
        await mkdir(join(scratch, "repo", ".git"));
        await symlink(join(scratch, "repo", "real", "sub"), join(scratch, "link"));
        const loaded = await discoverAgentsMd({
          cwd: join(scratch, "link"),
          fs: createNodeFileSystem({ blocking }),
        });
        expect(loaded.directory).toBe(join(scratch, "repo", "real", "sub"));
        expect(loaded.text()).toBe("root\n\nsub");
      },
    );

    it.skipIf(isWindows)(
      "follows a symlinked AGENTS.md, skips a directory and a FIFO with its name",
      async () => {
        await write({ "repo/shared/doc.md": "shared", "repo/AGENTS.md": "root" });
        await mkdir(join(scratch, "repo", ".git"));
        await mkdir(join(scratch, "repo", "AGENTS.override.md"));
        await mkdir(join(scratch, "repo", "a"));
        await symlink("../shared/doc.md", join(scratch, "repo", "a", "AGENTS.md"));
        execFileSync("mkfifo", [join(scratch, "repo", "a", "AGENTS.override.md")]);
        const loaded = await discoverAgentsMd({
          cwd: join(scratch, "repo", "a"),
          fs: createNodeFileSystem({ blocking }),
        });
        expect(loaded.text()).toBe("root\n\nshared");
        expect(loaded.warnings.map((warning) => [warning.code, warning.path])).toEqual([
          ["file-skipped", join(scratch, "repo", "AGENTS.override.md")],
          ["file-skipped", join(scratch, "repo", "a", "AGENTS.override.md")],
        ]);
      },
    );

    it.skipIf(isWindows)(
      "goes on past a symlink loop, where Codex 0.169 drops every project file",
      async () => {
        await write({ "repo/AGENTS.md": "root", "repo/a/AGENTS.md": "a" });
        await mkdir(join(scratch, "repo", ".git"));
        await symlink("AGENTS.override.md", join(scratch, "repo", "a", "AGENTS.override.md"));
        const loaded = await discoverAgentsMd({
          cwd: join(scratch, "repo", "a"),
          fs: createNodeFileSystem({ blocking }),
        });
        expect(loaded.text()).toBe("root\n\na");
        expect(loaded.warnings).toEqual([
          expect.objectContaining({
            code: "read-failed",
            reason: "symlink-loop",
            errorCode: "ELOOP",
          }),
        ]);
      },
    );

    it.skipIf(isWindows || isRoot)("goes on past a file it may not read", async () => {
      await write({ "repo/AGENTS.md": "root", "repo/a/AGENTS.md": "secret" });
      await mkdir(join(scratch, "repo", ".git"));
      await chmod(join(scratch, "repo", "a", "AGENTS.md"), 0o000);
      const loaded = await discoverAgentsMd({
        cwd: join(scratch, "repo", "a"),
        fs: createNodeFileSystem({ blocking }),
      });
      expect(loaded.text()).toBe("root");
      expect(loaded.warnings).toEqual([
        expect.objectContaining({ code: "read-failed", reason: "permission-denied" }),
      ]);
    });

    it("goes on past a file deleted between discovery and read", async () => {
      await write({
        "repo/AGENTS.md": "root",
        "repo/a/AGENTS.md": "deleted soon",
        "repo/a/b/AGENTS.md": "b",
      });
      await mkdir(join(scratch, "repo", ".git"));
      const doomed = join(scratch, "repo", "a", "AGENTS.md");
      const node = createNodeFileSystem({ blocking });
      const racing = {
        ...node,
        open: async (path: string, options?: OpenOptions) => {
          if (path === doomed) await rm(doomed);
          return node.open(path, options);
        },
      };
      const loaded = await discoverAgentsMd({ cwd: join(scratch, "repo", "a", "b"), fs: racing });
      expect(loaded.text()).toBe("root\n\nb");
      expect(loaded.warnings).toEqual([
        expect.objectContaining({
          code: "read-failed",
          path: doomed,
          operation: "read",
          reason: "not-found",
          errorCode: "ENOENT",
        }),
      ]);
    });

    it("uses a .git file (a worktree) as the root marker", async () => {
      await write({ "wt/.git": "gitdir: /elsewhere", "wt/AGENTS.md": "r", "wt/x/AGENTS.md": "x" });
      expect(
        (
          await discoverAgentsMd({
            cwd: join(scratch, "wt", "x"),
            fs: createNodeFileSystem({ blocking }),
          })
        ).text(),
      ).toBe("r\n\nx");
    });

    it("reads a sparse 1 GiB AGENTS.md only as far as the budget needs, and skips its NUL bytes", async () => {
      await write({ "repo/AGENTS.md": "x" });
      await mkdir(join(scratch, "repo", ".git"));
      await truncate(join(scratch, "repo", "AGENTS.md"), 1024 ** 3);
      const fs = createCountingFileSystem(createNodeFileSystem({ blocking }));
      const loaded = await discoverAgentsMd({ cwd: join(scratch, "repo"), fs });
      expect(fs.calls.filter((call) => call.operation === "open")).toEqual([
        {
          operation: "open",
          path: join(scratch, "repo", "AGENTS.md"),
          maxBytes: 32_771,
          bytes: 32_771,
        },
      ]);
      expect(loaded.entries).toEqual([]);
      expect(loaded.text()).toBe("");
      expect(loaded.warnings.map((warning) => warning.code)).toEqual(["binary-file"]);
    });

    it("throws cwd-not-found for a working directory that does not exist", async () => {
      const error = await discoverAgentsMd({
        cwd: join(scratch, "missing"),
        fs: createNodeFileSystem({ blocking }),
      }).catch((caught: unknown) => caught);
      expect(AgentsMdError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: "cwd-not-found", path: join(scratch, "missing") });
    });
  },
);
