import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { createDirectoryLister } from "./directory-lister.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

describe("createDirectoryLister", () => {
  it("lists a directory once and answers every name from that listing", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({
        "/d/AGENTS.md": "a",
        "/d/.git": { directory: true },
        "/d/pipe": { special: "fifo" },
        "/d/link.md": { symlink: "AGENTS.md" },
        "/d/Notes.md": "n",
      }),
    );
    const lister = createDirectoryLister(fs);
    expect(
      await Promise.all(
        ["AGENTS.md", ".git", "pipe", "link.md", "notes.md", "missing.md"].map((name) =>
          lister.lookup("/d", name),
        ),
      ),
    ).toEqual(["file", "directory", "other", "unknown", "unknown", "absent"]);
    expect(fs.count()).toBe(1);
  });

  it("says what a path is: a directory, not one, or unknown when it cannot be listed", async () => {
    const fs = createMemoryFileSystem({
      "/d": { directory: true },
      "/f.md": "file",
      "/locked": { error: "EACCES" },
    });
    const lister = createDirectoryLister(fs);
    expect(await lister.folderState("/d")).toBe("directory");
    expect(await lister.folderState("/f.md")).toBe("not-a-directory");
    expect(await lister.folderState("/locked")).toBe("unknown");
    expect(await lister.lookup("/f.md", "AGENTS.md")).toBe("absent");
    expect(await lister.lookup("/locked", "AGENTS.md")).toBe("unknown");
  });

  it("lists a folder once however often it is asked", async () => {
    const fs = createCountingFileSystem(createMemoryFileSystem({ "/a/b": { directory: true } }));
    const lister = createDirectoryLister(fs);
    const answers = await Promise.all([lister.lookup("/a", "b"), lister.lookup("/a", "c")]);
    expect([...answers, await lister.folderState("/a")]).toEqual([
      "directory",
      "absent",
      "directory",
    ]);
    expect(fs.calls.map((call) => `${call.operation} ${call.path}`)).toEqual(["readdir /a"]);
  });
});
