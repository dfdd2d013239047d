import { describe, expect, it } from "vitest";
import { failureCode } from "./__fixtures__/failure-code.js";
import { readPrefix } from "./__fixtures__/read-prefix.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

const decoder = new TextDecoder();

describe("createMemoryFileSystem", () => {
  it("creates parent directories and tells files, directories and special files apart", async () => {
    const fs = createMemoryFileSystem({
      "/repo/AGENTS.md": "hello",
      "/repo/.git": { directory: true },
      "/repo/pipe": { special: "fifo" },
    });
    expect((await fs.stat("/repo/AGENTS.md")).kind).toBe("file");
    expect((await fs.stat("/repo/AGENTS.md")).size).toBe(5);
    expect((await fs.stat("/repo")).kind).toBe("directory");
    expect((await fs.stat("/repo/.git")).kind).toBe("directory");
    expect((await fs.stat("/repo/pipe")).kind).toBe("other");
    expect(await failureCode(fs.stat("/repo/missing"))).toBe("ENOENT");
    expect(await failureCode(fs.stat("/repo/AGENTS.md/below"))).toBe("ENOTDIR");
  });

  it("follows relative and absolute symlinks, and resolves .. physically", async () => {
    const fs = createMemoryFileSystem({
      "/shared/rules.md": "shared",
      "/repo/docs/AGENTS.md": { symlink: "../../shared/rules.md" },
      "/repo/link": { symlink: "/shared" },
      "/repo/up": { symlink: "/shared/deeper" },
      "/shared/deeper/file.md": "deep",
    });
    expect(await fs.realpath("/repo/docs/AGENTS.md")).toBe("/shared/rules.md");
    expect(await fs.realpath("/repo/link/rules.md")).toBe("/shared/rules.md");
    expect(await fs.realpath("/repo/up/../rules.md")).toBe("/shared/rules.md");
    expect((await fs.stat("/repo/docs/AGENTS.md")).identity).toBe(
      (await fs.stat("/shared/rules.md")).identity,
    );
    expect(decoder.decode(await readPrefix(fs, "/repo/link/rules.md", 100))).toBe("shared");
  });

  it("lists a directory with each entry's own kind, and none past the limit", async () => {
    const fs = createMemoryFileSystem({
      "/d/AGENTS.md": "a",
      "/d/sub": { directory: true },
      "/d/link.md": { symlink: "AGENTS.md" },
      "/d/pipe": { special: "fifo" },
      "/d/locked": { error: "EACCES" },
    });
    expect(await fs.readdir("/d", { maxEntries: 5 })).toEqual([
      { name: "AGENTS.md", kind: "file" },
      { name: "sub", kind: "directory" },
      { name: "link.md", kind: "symlink" },
      { name: "pipe", kind: "other" },
      { name: "locked", kind: "unknown" },
    ]);
    expect(await fs.readdir("/d", { maxEntries: 4 })).toBeNull();
    expect(await failureCode(fs.readdir("/d/AGENTS.md", { maxEntries: 5 }))).toBe("ENOTDIR");
  });

  it("keeps an opened file what it was, whatever happens to its path", async () => {
    const fs = createMemoryFileSystem({
      "/d/AGENTS.md": "first",
      "/d/link.md": { symlink: "AGENTS.md" },
    });
    const file = await fs.open("/d/link.md");
    const identity = (await fs.stat("/d/AGENTS.md")).identity;
    fs.set("/d/AGENTS.md", "second");
    expect((await file.stat()).identity).toBe(identity);
    expect(decoder.decode(await file.read(100))).toBe("first");
    expect(await failureCode(fs.open("/d/link.md", { noFollow: true }))).toBe("ELOOP");
  });

  it("ends a symlink loop and a dangling symlink with ELOOP and ENOENT", async () => {
    const fs = createMemoryFileSystem({
      "/a/one": { symlink: "two" },
      "/a/two": { symlink: "one" },
      "/a/dangling": { symlink: "nowhere" },
    });
    expect(await failureCode(fs.stat("/a/one"))).toBe("ELOOP");
    expect(await failureCode(fs.realpath("/a/two"))).toBe("ELOOP");
    expect(await failureCode(fs.stat("/a/dangling"))).toBe("ENOENT");
  });

  it("fails every access through an injected error, and only the read of a readError file", async () => {
    const fs = createMemoryFileSystem({
      "/locked": { error: "EACCES" },
      "/repo/AGENTS.md": { file: "gone", readError: "ENOENT" },
    });
    expect(await failureCode(fs.stat("/locked"))).toBe("EACCES");
    expect(await failureCode(fs.stat("/locked/inside.md"))).toBe("EACCES");
    expect((await fs.stat("/repo/AGENTS.md")).kind).toBe("file");
    expect(await failureCode(readPrefix(fs, "/repo/AGENTS.md", 10))).toBe("ENOENT");
  });

  it("refuses to read a directory or a special file", async () => {
    const fs = createMemoryFileSystem({ "/d": { directory: true }, "/s": { special: "socket" } });
    expect(await failureCode(readPrefix(fs, "/d", 1))).toBe("EISDIR");
    expect(await failureCode(readPrefix(fs, "/s", 1))).toBe("ENOTFILE");
  });

  it("serves a huge repeated file without allocating it", async () => {
    const fs = createMemoryFileSystem({ "/big.md": { repeat: "abc", bytes: 1_000_000_000 } });
    expect((await fs.stat("/big.md")).size).toBe(1_000_000_000);
    const bytes = await readPrefix(fs, "/big.md", 7);
    expect(decoder.decode(bytes)).toBe("abcabca");
  });

  it("reads at most maxBytes of a file", async () => {
    const fs = createMemoryFileSystem({ "/f": "0123456789" });
    expect(decoder.decode(await readPrefix(fs, "/f", 4))).toBe("0123");
    expect(decoder.decode(await readPrefix(fs, "/f", 40))).toBe("0123456789");
  });

  it("finds names in any letter case when case-insensitive, with one identity", async () => {
    const fs = createMemoryFileSystem({ "/Repo/AGENTS.md": "x" }, { caseInsensitive: true });
    expect(await fs.realpath("/repo/agents.MD")).toBe("/Repo/AGENTS.md");
    expect((await fs.stat("/REPO/agents.md")).identity).toBe(
      (await fs.stat("/Repo/AGENTS.md")).identity,
    );
    const sensitive = createMemoryFileSystem({ "/Repo/AGENTS.md": "x" });
    expect(await failureCode(sensitive.stat("/repo/AGENTS.md"))).toBe("ENOENT");
  });

  it("changes while in use: set replaces an entry with a new identity, remove deletes", async () => {
    const fs = createMemoryFileSystem({ "/repo/AGENTS.md": "old" });
    const before = await fs.stat("/repo/AGENTS.md");
    fs.set("/repo/AGENTS.md", "new");
    const after = await fs.stat("/repo/AGENTS.md");
    expect(after.identity).not.toBe(before.identity);
    fs.remove("/repo");
    expect(await failureCode(fs.stat("/repo/AGENTS.md"))).toBe("ENOENT");
  });

  it("uses POSIX paths", () => {
    expect(createMemoryFileSystem().path.join("/a", "b")).toBe("/a/b");
  });
});
