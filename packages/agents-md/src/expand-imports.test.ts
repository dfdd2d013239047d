import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { agentsMdDefaults } from "./defaults.js";
import { expandImports, type ImportSettings } from "./expand-imports.js";
import { createImportSession } from "./import-session.js";
import type { MemoryEntry } from "./memory-entry.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

async function expand(
  entries: Record<string, MemoryEntry>,
  text: string,
  options: { path?: string; allowance?: number; maxDepth?: number; sandbox?: string } = {},
) {
  const fs = createCountingFileSystem(createMemoryFileSystem(entries));
  const settings: ImportSettings = {
    fs,
    sandbox: options.sandbox ?? "/repo",
    maxDepth: options.maxDepth ?? 5,
    environment: "local",
    session: createImportSession(agentsMdDefaults.maxImports),
  };
  const result = await expandImports(
    text,
    options.path ?? "/repo/AGENTS.md",
    options.allowance ?? 32_768,
    settings,
  );
  return { ...result, fs };
}

describe("expandImports", () => {
  it("inlines a file relative to the importing file, and records it", async () => {
    const { text, imports, warnings } = await expand(
      { "/repo/docs/style.md": "Use tabs.", "/repo/docs/testing.md": "Run vitest." },
      "Style: @docs/style.md\nTests: @./docs/testing.md.",
    );
    expect(text).toBe("Style: Use tabs.\nTests: Run vitest..");
    expect(warnings).toEqual([]);
    expect(imports).toEqual([
      {
        reference: "docs/style.md",
        path: "/repo/docs/style.md",
        realPath: "/repo/docs/style.md",
        identity: expect.any(String),
        bytes: 9,
        bytesRead: 9,
        imports: [],
      },
      expect.objectContaining({ reference: "./docs/testing.md", path: "/repo/docs/testing.md" }),
    ]);
  });

  it("resolves nested imports relative to each importing file", async () => {
    const { text, imports } = await expand(
      {
        "/repo/a/one.md": "one @../b/two.md",
        "/repo/b/two.md": "two @three.md",
        "/repo/b/three.md": "three",
      },
      "@a/one.md",
    );
    expect(text).toBe("one two three");
    expect(imports[0]?.imports[0]?.imports[0]?.path).toBe("/repo/b/three.md");
  });

  it("leaves references in code spans and fenced code blocks alone", async () => {
    const text = "`@docs/a.md`\n```\n@docs/a.md\n```\n";
    const { text: expanded, fs } = await expand({ "/repo/docs/a.md": "A" }, text);
    expect(expanded).toBe(text);
    expect(fs.count()).toBe(0);
  });

  it("refuses a file outside the project root, even through a symlink, with a note and a warning", async () => {
    const { text, warnings } = await expand(
      { "/etc/secret.md": "secret", "/repo/innocent.md": { symlink: "/etc/secret.md" } },
      "a @../etc/secret.md b @innocent.md",
    );
    expect(text).toBe(
      "a [@../etc/secret.md was not inlined: it lies outside the project root] b [@innocent.md was not inlined: it lies outside the project root]",
    );
    expect(warnings).toEqual([
      {
        code: "import-failed",
        message:
          "/repo/AGENTS.md: @../etc/secret.md was not inlined: it lies outside the project root",
        path: "/repo/AGENTS.md",
        environment: "local",
        reference: "../etc/secret.md",
        target: "/etc/secret.md",
        reason: "outside-root",
        count: 1,
      },
      expect.objectContaining({
        reference: "innocent.md",
        target: "/repo/innocent.md",
        reason: "outside-root",
      }),
    ]);
  });

  it("accepts a symlink whose target lies inside the root", async () => {
    const { text } = await expand(
      { "/repo/real/rules.md": "rules", "/repo/alias.md": { symlink: "real/rules.md" } },
      "@alias.md",
    );
    expect(text).toBe("rules");
  });

  it("stops a cycle with a note instead of looping", async () => {
    const { text, warnings } = await expand(
      {
        "/repo/AGENTS.md": "top @a.md",
        "/repo/a.md": "a @b.md",
        "/repo/b.md": "b @a.md @AGENTS.md",
      },
      "top @a.md",
    );
    expect(text).toBe(
      "top a b [@a.md was not inlined: it would import itself] [@AGENTS.md was not inlined: it would import itself]",
    );
    expect(warnings.map((warning) => warning.code === "import-failed" && warning.reason)).toEqual([
      "cycle",
      "cycle",
    ]);
  });

  it("inlines the same file twice when two siblings import it: only a chain is a cycle", async () => {
    const { text } = await expand({ "/repo/shared.md": "S" }, "@shared.md and @shared.md");
    expect(text).toBe("S and S");
  });

  it("nests at most maxDepth deep", async () => {
    const entries: Record<string, MemoryEntry> = {};
    for (let level = 1; level <= 7; level += 1)
      entries[`/repo/${level}.md`] = `${level} @${level + 1}.md`;
    const five = await expand(entries, "@1.md");
    expect(five.text).toBe("1 2 3 4 5 [@6.md was not inlined: imports may nest at most 5 deep]");
    const two = await expand(entries, "@1.md", { maxDepth: 2 });
    expect(two.text).toBe("1 2 [@3.md was not inlined: imports may nest at most 2 deep]");
  });

  it("turns every failure into a note and a warning, never a throw", async () => {
    const { text, warnings } = await expand(
      {
        "/repo/dir.md": { directory: true },
        "/repo/locked.md": { file: "x", readError: "EACCES" },
        "/repo/loop.md": { symlink: "loop.md" },
      },
      "@missing.md @dir.md @locked.md @loop.md @https://example.com/x.md @~/notes.md",
    );
    expect(warnings.map((warning) => warning.code === "import-failed" && warning.reason)).toEqual([
      "not-found",
      "not-a-file",
      "permission-denied",
      "symlink-loop",
      "not-a-path",
      "not-a-path",
    ]);
    expect(text).toBe(
      [
        "[@missing.md was not inlined: no such file]",
        "[@dir.md was not inlined: not a regular file]",
        "[@locked.md was not inlined: permission denied]",
        "[@loop.md was not inlined: its symlinks form a loop]",
        "[@https://example.com/x.md was not inlined: only file paths can be imported]",
        "[@~/notes.md was not inlined: only file paths can be imported]",
      ].join(" "),
    );
  });

  it("reads imports only as far as the allowance, and leaves references past it unread", async () => {
    const { fs } = await expand(
      { "/repo/big.md": { repeat: "x", bytes: 1_000_000 }, "/repo/late.md": "late" },
      "@big.md @late.md",
      { allowance: 10 },
    );
    expect(fs.calls.filter((call) => call.operation === "open")).toEqual([
      { operation: "open", path: "/repo/big.md", maxBytes: 13, bytes: 13 },
    ]);
  });

  it("makes no file-system call for text without references", async () => {
    const { text, fs } = await expand({}, "plain text, mail ops@example.com");
    expect(text).toBe("plain text, mail ops@example.com");
    expect(fs.count()).toBe(0);
  });
});
