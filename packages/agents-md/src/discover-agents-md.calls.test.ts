import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { deepTree, deepTreeEntries, writeDeepTree } from "./__fixtures__/deep-tree.js";
import { nodeModes } from "./__fixtures__/node-modes.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import { createMemoryFileSystem } from "./memory-file-system.js";
import { createNodeFileSystem } from "./node/node-file-system.js";

const tree = deepTree();

let scratch = "";
beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-calls-")));
  await writeDeepTree(tree, scratch);
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const fileSystems = [
  {
    name: "in memory",
    make: () => ({ root: "/r", fs: createMemoryFileSystem(deepTreeEntries(tree, "/r")) }),
  },
  ...nodeModes.map(({ mode, blocking }) => ({
    name: `Node, ${mode} calls`,
    make: () => ({ root: scratch, fs: createNodeFileSystem({ blocking }) }),
  })),
];

describe.each(fileSystems)("discovery 40 levels deep, $name", ({ make }) => {
  it("lists each folder from cwd up to the root once and opens each file on the path once: 50 calls", async () => {
    const { root, fs: inner } = make();
    const fs = createCountingFileSystem(inner);
    const loaded = await discoverAgentsMd({ cwd: `${root}/${tree.cwd}`, fs });
    expect(loaded.entries).toHaveLength(tree.filesOnPath);
    expect({
      realpath: fs.count("realpath"),
      stat: fs.count("stat"),
      readdir: fs.count("readdir"),
      open: fs.count("open"),
    }).toEqual({
      // The physical cwd, which the header and every path report (as Codex 0.169 does). It is
      // the one call no other call can answer: the walk's listings name each folder from cwd up
      // to the root as it is on disk, but none sees the folders above the root (the test below),
      // and listing those would cost a readdir each. Kept from an earlier discovery instead, it
      // would miss a symlink above the root that changed since. So 50, not 49.
      realpath: 1,
      // None: every name is settled by its folder's listing (no symlink, no other letter case).
      stat: 0,
      // The 41 folders from cwd up to the root, whose .git ends the walk: each listing says
      // whether a root marker is there and which candidate name is a regular file, and cwd's
      // says it is a folder. No folder above the root, no sibling folder.
      readdir: tree.foldersOnPath,
      // The 8 AGENTS.md files on the path: opening one is its check (the opened file's stat says
      // it is a regular file) and its read goes through it. The 10 decoys are never opened.
      open: tree.filesOnPath,
    });
    expect(fs.count()).toBe(50);
    const paths = fs.calls.map((call) => `${call.operation} ${call.path}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(fs.calls.every((call) => call.path.startsWith(root))).toBe(true);
  });
});

describe("what only the realpath of cwd tells", () => {
  const git = { directory: true } as const;
  const entries = {
    "/Real/repo/.git": git,
    "/Real/repo/AGENTS.md": "root",
    "/Real/repo/a/AGENTS.md": "a",
    "/up": { symlink: "/Real" },
  };

  it.each([
    { name: "a symlink above the root", cwd: "/up/repo/a", caseInsensitive: false },
    { name: "another letter case above the root", cwd: "/real/repo/a", caseInsensitive: true },
  ])(
    "$name: in no listing of the walk, yet in every path reported",
    async ({ cwd, caseInsensitive }) => {
      const fs = createCountingFileSystem(createMemoryFileSystem(entries, { caseInsensitive }));
      const loaded = await discoverAgentsMd({ cwd, fs });
      expect(loaded.directory).toBe("/Real/repo/a");
      expect(loaded.entries.map((entry) => entry.path)).toEqual([
        "/Real/repo/AGENTS.md",
        "/Real/repo/a/AGENTS.md",
      ]);
      // One per folder from cwd up to the root, one per file, and the realpath: nothing above the
      // root is listed, so no other call could have told "/Real" from "/up" or "/real".
      expect(fs.calls.map((call) => `${call.operation} ${call.path}`)).toEqual([
        `realpath ${cwd}`,
        "readdir /Real/repo/a",
        "readdir /Real/repo",
        "open /Real/repo/AGENTS.md",
        "open /Real/repo/a/AGENTS.md",
      ]);
    },
  );
});
