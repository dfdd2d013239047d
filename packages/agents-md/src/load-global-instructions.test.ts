import { describe, expect, it } from "vitest";
import { agentsMdDefaults } from "./defaults.js";
import { createImportSession } from "./import-session.js";
import { loadGlobalInstructions } from "./load-global-instructions.js";
import type { MemoryEntry } from "./memory-entry.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

function load(entries: Record<string, MemoryEntry>, maxGlobalBytes = 1_048_576) {
  return loadGlobalInstructions({
    fs: createMemoryFileSystem(entries),
    home: "/home/.codex",
    maxGlobalBytes,
    truncationNote: false,
    importDepth: null,
    session: createImportSession(agentsMdDefaults.maxImports),
  });
}

describe("loadGlobalInstructions", () => {
  it("prefers the override, and trims the text", async () => {
    const { global, warnings } = await load({
      "/home/.codex/AGENTS.override.md": "\n  override \n",
      "/home/.codex/AGENTS.md": "standard",
    });
    expect(global).toMatchObject({
      scope: "global",
      path: "/home/.codex/AGENTS.override.md",
      text: "override",
    });
    expect(warnings).toEqual([]);
  });

  it("falls through a blank override to AGENTS.md, unlike a project directory", async () => {
    const { global, warnings } = await load({
      "/home/.codex/AGENTS.override.md": "  \n\n",
      "/home/.codex/AGENTS.md": "\nglobal text\n",
    });
    expect(global?.text).toBe("global text");
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "file-skipped",
        reason: "white-space-only",
        environment: null,
      }),
    ]);
  });

  it("tries the next name after a read error or a symlink loop", async () => {
    const unreadable = await load({
      "/home/.codex/AGENTS.override.md": { file: "x", readError: "EACCES" },
      "/home/.codex/AGENTS.md": "g",
    });
    expect(unreadable.global?.text).toBe("g");
    expect(unreadable.warnings).toEqual([
      expect.objectContaining({
        code: "read-failed",
        operation: "read",
        reason: "permission-denied",
      }),
    ]);
    const looping = await load({
      "/home/.codex/AGENTS.override.md": { symlink: "AGENTS.override.md" },
      "/home/.codex/AGENTS.md": "g",
    });
    expect(looping.global?.text).toBe("g");
    expect(looping.warnings).toEqual([
      expect.objectContaining({ operation: "stat", reason: "symlink-loop" }),
    ]);
  });

  it("passes over a directory named like the file", async () => {
    const { global } = await load({
      "/home/.codex/AGENTS.override.md": { directory: true },
      "/home/.codex/AGENTS.md": "g2",
    });
    expect(global?.path).toBe("/home/.codex/AGENTS.md");
  });

  it("has no global instructions when nothing usable is there, or the folder is missing", async () => {
    expect((await load({ "/home/.codex/AGENTS.md": " " })).global).toBeNull();
    expect(await load({})).toEqual({ global: null, warnings: [] });
  });

  it("says so when the home folder is a file, instead of staying silent", async () => {
    expect(await load({ "/home/.codex": "not a folder" })).toEqual({
      global: null,
      warnings: [
        {
          code: "home-not-a-directory",
          message:
            "home /home/.codex is not a directory, so no global AGENTS.md was looked for in it",
          path: "/home/.codex",
          environment: null,
        },
      ],
    });
  });

  it("is not bound by the project budget, only by its cap, and warns when the cap is hit", async () => {
    const { global, warnings } = await load(
      { "/home/.codex/AGENTS.md": { repeat: "g", bytes: 5_000_000 } },
      1_000,
    );
    expect(global?.text).toBe("g".repeat(1_000));
    expect(global?.bytesRead).toBe(1_003);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "file-cut",
        limit: "global-cap",
        environment: null,
        bytes: 5_000_000,
        keptBytes: 1_000,
        droppedBytes: 4_999_000,
      }),
    ]);
  });
});
