import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentsMdError } from "./agents-md-error.js";
import { createAgentsMdTracker } from "./agents-md-tracker.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import { discoverAgentsMdForEnvironments } from "./discover-agents-md-for-environments.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { fileSystemError } from "./file-system-failure.js";
import type { MemoryEntry } from "./memory-entry.js";
import { createMemoryFileSystem } from "./memory-file-system.js";
import { createNodeFileSystem } from "./node/node-file-system.js";

const tree: Record<string, MemoryEntry> = {
  "/repo/.git": { directory: true },
  "/repo/AGENTS.md": "root",
  "/repo/go/AGENTS.md": "go",
  "/repo/go/pkg/AGENTS.md": "pkg",
  "/repo/go/pkg/main.go": "package main",
  "/repo/web/AGENTS.md": "web",
};

async function trackerFor(
  entries: Record<string, MemoryEntry>,
  cwd = "/repo",
  caseInsensitive = false,
) {
  const fs = createMemoryFileSystem(entries, { caseInsensitive });
  const loaded = await discoverAgentsMd({ cwd, fs });
  return { fs, loaded, tracker: createAgentsMdTracker(loaded, { fs }) };
}

describe("createAgentsMdTracker", () => {
  it("hands out the files between the root and a file's folder that the model has not seen", async () => {
    const { tracker } = await trackerFor(tree);
    const batch = await tracker.forPath("/repo/go/pkg/main.go");
    expect(batch.sources()).toEqual(["/repo/go/AGENTS.md", "/repo/go/pkg/AGENTS.md"]);
    expect(batch.text()).toBe("go\n\npkg");
    expect(batch.directory).toBe("/repo/go/pkg");
  });

  it("hands out each file once", async () => {
    const { tracker } = await trackerFor(tree);
    await tracker.forPath("/repo/go/pkg/main.go");
    expect((await tracker.forPath("/repo/go/pkg/main.go")).isEmpty()).toBe(true);
    expect((await tracker.forPath("/repo/go/other.go")).isEmpty()).toBe(true);
    expect((await tracker.forDirectory("/repo/web")).sources()).toEqual(["/repo/web/AGENTS.md"]);
  });

  it("never hands out a file the discovery loaded", async () => {
    const { tracker, loaded } = await trackerFor(tree, "/repo/go");
    expect(loaded.sources()).toEqual(["/repo/AGENTS.md", "/repo/go/AGENTS.md"]);
    expect((await tracker.forPath("/repo/go/pkg/main.go")).sources()).toEqual([
      "/repo/go/pkg/AGENTS.md",
    ]);
    expect(tracker.loadedIdentities()).toHaveLength(3);
  });

  it("knows a file reached through a symlink by its identity", async () => {
    const { tracker } = await trackerFor({
      ...tree,
      "/repo/web/AGENTS.md": { symlink: "../go/AGENTS.md" },
    });
    expect((await tracker.forPath("/repo/go/x.go")).sources()).toEqual(["/repo/go/AGENTS.md"]);
    expect((await tracker.forPath("/repo/web/x.ts")).isEmpty()).toBe(true);
  });

  it("knows a file reached in another letter case on a case-insensitive file system", async () => {
    const { tracker } = await trackerFor(tree, "/repo", true);
    expect((await tracker.forPath("/repo/go/x.go")).sources()).toEqual(["/repo/go/AGENTS.md"]);
    expect((await tracker.forPath("/REPO/Go/y.go")).isEmpty()).toBe(true);
  });

  it("does not hand the same file to two concurrent calls", async () => {
    const { tracker } = await trackerFor(tree);
    const [first, second] = await Promise.all([
      tracker.forPath("/repo/go/pkg/main.go"),
      tracker.forPath("/repo/go/readme.md"),
    ]);
    expect([...first.sources(), ...second.sources()].sort()).toEqual([
      "/repo/go/AGENTS.md",
      "/repo/go/pkg/AGENTS.md",
    ]);
  });

  it("hands out later a file whose read failed", async () => {
    const inner = createMemoryFileSystem(tree);
    let failures = 1;
    const flaky: AgentsMdFileSystem = {
      ...inner,
      open: async (path, options) => {
        if (path === "/repo/web/AGENTS.md" && failures > 0) {
          failures -= 1;
          throw fileSystemError("EIO", "open", path);
        }
        return inner.open(path, options);
      },
    };
    const tracker = createAgentsMdTracker(await discoverAgentsMd({ cwd: "/repo", fs: flaky }), {
      fs: flaky,
    });
    const failed = await tracker.forPath("/repo/web/app.ts");
    expect(failed.isEmpty()).toBe(true);
    expect(failed.warnings).toEqual([
      expect.objectContaining({ code: "read-failed", reason: "io-error", errorCode: "EIO" }),
    ]);
    expect((await tracker.forPath("/repo/web/app.ts")).sources()).toEqual(["/repo/web/AGENTS.md"]);
  });

  it("hands out later what one batch's budget left out, and what discovery's budget left out", async () => {
    const fs = createMemoryFileSystem(tree);
    const loaded = await discoverAgentsMd({ cwd: "/repo/go", fs, maxBytes: 4 });
    expect(loaded.sources()).toEqual(["/repo/AGENTS.md"]);
    const tracker = createAgentsMdTracker(loaded, { fs, maxBytes: 2 });
    const first = await tracker.forPath("/repo/go/pkg/main.go");
    expect(first.entries.map((entry) => entry.text)).toEqual(["go"]);
    expect(first.warnings).toEqual([
      expect.objectContaining({ code: "file-dropped", path: "/repo/go/pkg/AGENTS.md" }),
    ]);
    expect((await tracker.forPath("/repo/go/pkg/main.go")).sources()).toEqual([
      "/repo/go/pkg/AGENTS.md",
    ]);
  });

  it("hands out an AGENTS.md written after discovery", async () => {
    const { tracker, fs } = await trackerFor(tree);
    fs.set("/repo/docs/AGENTS.md", "docs");
    expect((await tracker.forPath("/repo/docs/new-page.md")).text()).toBe("docs");
  });

  it("resolves a relative path against the working directory, and a missing one by its nearest folder", async () => {
    const { tracker } = await trackerFor(tree);
    expect((await tracker.forPath("go/pkg/not/yet/written.go")).sources()).toEqual([
      "/repo/go/AGENTS.md",
      "/repo/go/pkg/AGENTS.md",
    ]);
  });

  it("hands out nothing for a path outside the project root", async () => {
    const { tracker } = await trackerFor({ ...tree, "/elsewhere/AGENTS.md": "elsewhere" });
    expect((await tracker.forPath("/elsewhere/file.txt")).isEmpty()).toBe(true);
  });

  it("needs the environment named when the discovery had several", async () => {
    const fs = createMemoryFileSystem(tree);
    const loaded = await discoverAgentsMdForEnvironments(
      [
        { id: "a", cwd: "/repo" },
        { id: "b", cwd: "/repo/web" },
      ],
      { fs },
    );
    expect(() => createAgentsMdTracker(loaded, { fs })).toThrow(AgentsMdError);
    expect(() => createAgentsMdTracker(loaded, { fs, environment: "c" })).toThrow(
      /no environment "c"/,
    );
    const tracker = createAgentsMdTracker(loaded, { fs, environment: "a" });
    expect((await tracker.forPath("/repo/go/x.go")).sources()).toEqual(["/repo/go/AGENTS.md"]);
  });

  it("refuses unknown options", () => {
    const loaded = { environments: [] } as unknown as Parameters<typeof createAgentsMdTracker>[0];
    expect(() =>
      createAgentsMdTracker(loaded, { fs: createMemoryFileSystem(), maxBytes: -1 }),
    ).toThrow(AgentsMdError);
  });
});

describe("createAgentsMdTracker on a real directory tree", () => {
  let scratch = "";
  beforeEach(async () => {
    scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-tracker-")));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it.skipIf(process.platform === "win32")(
    "loads a file once whether reached by symlink or hard link",
    async () => {
      await mkdir(join(scratch, ".git"));
      for (const folder of ["go", "web", "api"]) await mkdir(join(scratch, folder));
      await writeFile(join(scratch, "go", "AGENTS.md"), "go rules");
      await symlink(join(scratch, "go", "AGENTS.md"), join(scratch, "web", "AGENTS.md"));
      await link(join(scratch, "go", "AGENTS.md"), join(scratch, "api", "AGENTS.md"));
      const fs = createNodeFileSystem();
      const tracker = createAgentsMdTracker(await discoverAgentsMd({ cwd: scratch, fs }), { fs });
      expect((await tracker.forPath(join(scratch, "web", "index.ts"))).sources()).toEqual([
        join(scratch, "web", "AGENTS.md"),
      ]);
      expect((await tracker.forPath(join(scratch, "go", "main.go"))).isEmpty()).toBe(true);
      expect((await tracker.forPath(join(scratch, "api", "server.ts"))).isEmpty()).toBe(true);
    },
  );
});
