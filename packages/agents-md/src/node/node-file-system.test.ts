import { execFileSync } from "node:child_process";
import { link, mkdir, mkdtemp, realpath, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { failureCode } from "../__fixtures__/failure-code.js";
import { nodeModes } from "../__fixtures__/node-modes.js";
import { readPrefix } from "../__fixtures__/read-prefix.js";
import { createNodeFileSystem } from "./node-file-system.js";
import {
  blockingFunctions,
  callbackFunctions,
  type NodeFileSystemFunctions,
} from "./node-functions.js";

let scratch = "";
beforeEach(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-node-")));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const canMakeFifo = process.platform !== "win32";

/** `base` with every byte read through a descriptor counted, and the descriptors open. */
function countingFunctions(base: NodeFileSystemFunctions): {
  functions: NodeFileSystemFunctions;
  bytesRead: () => number;
  reads: () => number;
  open: () => number;
} {
  let bytes = 0;
  let reads = 0;
  let descriptors = 0;
  const functions: NodeFileSystemFunctions = {
    ...base,
    async open(path, flags) {
      const fd = await base.open(path, flags);
      descriptors += 1;
      return fd;
    },
    async read(fd, buffer, offset, length, position) {
      const bytesRead = await base.read(fd, buffer, offset, length, position);
      bytes += bytesRead;
      reads += 1;
      return bytesRead;
    },
    async close(fd) {
      await base.close(fd);
      descriptors -= 1;
    },
  };
  return { functions, bytesRead: () => bytes, reads: () => reads, open: () => descriptors };
}

// Every behaviour holds whichever functions of node:fs make the calls.
describe.each(nodeModes)("createNodeFileSystem, $mode calls", ({ blocking }) => {
  const createFileSystem = () => createNodeFileSystem({ blocking });
  const base = blocking ? blockingFunctions : callbackFunctions;

  it("tells files and directories apart and gives one identity to every path of a file", async () => {
    const fs = createFileSystem();
    await writeFile(join(scratch, "AGENTS.md"), "rules");
    await symlink("AGENTS.md", join(scratch, "linked.md"));
    await link(join(scratch, "AGENTS.md"), join(scratch, "hard.md"));
    const stat = await fs.stat(join(scratch, "AGENTS.md"));
    expect(stat).toMatchObject({ kind: "file", size: 5 });
    expect(stat.identity).toMatch(/^\d+:\d+$/);
    expect((await fs.stat(join(scratch, "linked.md"))).identity).toBe(stat.identity);
    expect((await fs.stat(join(scratch, "hard.md"))).identity).toBe(stat.identity);
    expect((await fs.stat(scratch)).kind).toBe("directory");
    expect(await fs.realpath(join(scratch, "linked.md"))).toBe(join(scratch, "AGENTS.md"));
  });

  it("lists a directory with each entry's own kind, symlinks unfollowed, and none past the limit", async () => {
    const fs = createFileSystem();
    await writeFile(join(scratch, "AGENTS.md"), "rules");
    await mkdir(join(scratch, ".git"));
    await symlink("AGENTS.md", join(scratch, "linked.md"));
    const entries = await fs.readdir(scratch, { maxEntries: 3 });
    expect(entries?.sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([
      { name: ".git", kind: "directory" },
      { name: "AGENTS.md", kind: "file" },
      { name: "linked.md", kind: "symlink" },
    ]);
    expect(await fs.readdir(scratch, { maxEntries: 2 })).toBeNull();
    expect(await failureCode(fs.readdir(join(scratch, "AGENTS.md"), { maxEntries: 3 }))).toBe(
      "ENOTDIR",
    );
  });

  it("opens the file a path names, or refuses a symlink with noFollow", async () => {
    const fs = createFileSystem();
    await writeFile(join(scratch, "AGENTS.md"), "rules");
    await symlink("AGENTS.md", join(scratch, "linked.md"));
    const file = await fs.open(join(scratch, "linked.md"));
    expect((await file.stat()).identity).toBe((await fs.stat(join(scratch, "AGENTS.md"))).identity);
    await file.close();
    expect(await failureCode(fs.open(join(scratch, "linked.md"), { noFollow: true }))).toBe(
      "ELOOP",
    );
  });

  it("closes a descriptor after the reads still running on it, and refuses calls once closed", async () => {
    const path = join(scratch, "AGENTS.md");
    await writeFile(path, "rules");
    const events: string[] = [];
    const { functions } = countingFunctions(base());
    const fs = createNodeFileSystem({
      functions: {
        ...functions,
        async read(fd, buffer, offset, length, position) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const bytesRead = await functions.read(fd, buffer, offset, length, position);
          events.push("read");
          return bytesRead;
        },
        close(fd) {
          events.push("close");
          return functions.close(fd);
        },
      },
    });
    const file = await fs.open(path);
    const reading = file.read(10);
    await file.close();
    expect(new TextDecoder().decode(await reading)).toBe("rules");
    expect(events).toEqual(["read", "close"]);
    expect(await failureCode(file.read(10))).toBe("EBADF");
    expect(await failureCode(file.stat())).toBe("EBADF");
    await file.close();
    expect(events).toEqual(["read", "close"]);
  });

  it("reports a symlink loop and a missing file with their codes", async () => {
    const fs = createFileSystem();
    await symlink("two", join(scratch, "one"));
    await symlink("one", join(scratch, "two"));
    expect(await failureCode(fs.stat(join(scratch, "one")))).toBe("ELOOP");
    expect(await failureCode(readPrefix(fs, join(scratch, "missing"), 4))).toBe("ENOENT");
  });

  it("reads a 1 GiB file only as far as asked, through a descriptor it closes", async () => {
    const path = join(scratch, "AGENTS.md");
    await writeFile(path, "x");
    await truncate(path, 1024 ** 3);
    const counting = countingFunctions(base());
    const fs = createNodeFileSystem({ functions: counting.functions });
    const bytes = await readPrefix(fs, path, 32_771);
    expect(bytes.length).toBe(32_771);
    expect(bytes[0]).toBe("x".charCodeAt(0));
    expect(counting.bytesRead()).toBe(32_771);
    expect(counting.open()).toBe(0);
  });

  it("reads a file smaller than asked whole, in 64 KiB chunks", async () => {
    const path = join(scratch, "AGENTS.md");
    const text = "é".repeat(100_000);
    await writeFile(path, text);
    const counting = countingFunctions(base());
    const bytes = await readPrefix(
      createNodeFileSystem({ functions: counting.functions }),
      path,
      1_000_000,
    );
    expect(new TextDecoder().decode(bytes)).toBe(text);
    expect(counting.reads()).toBe(4);
  });

  it("reads a small file with a single read", async () => {
    const path = join(scratch, "AGENTS.md");
    await writeFile(path, "short rules\n");
    const counting = countingFunctions(base());
    const fs = createNodeFileSystem({ functions: counting.functions });
    expect(new TextDecoder().decode(await readPrefix(fs, path, 32_771))).toBe("short rules\n");
    expect(counting.reads()).toBe(1);
  });

  it("refuses to read a directory", async () => {
    await mkdir(join(scratch, "AGENTS.md"));
    expect(await failureCode(readPrefix(createFileSystem(), join(scratch, "AGENTS.md"), 4))).toBe(
      "EISDIR",
    );
  });

  it.skipIf(!canMakeFifo)("refuses a FIFO without waiting for a writer", async () => {
    const path = join(scratch, "AGENTS.md");
    execFileSync("mkfifo", [path]);
    const fs = createFileSystem();
    expect((await fs.stat(path)).kind).toBe("other");
    expect(await failureCode(readPrefix(fs, path, 4))).toBe("ENOTFILE");
  });
});
