import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./counting-file-system.js";
import { createMemoryFileSystem } from "../memory-file-system.js";

describe("createCountingFileSystem", () => {
  it("records each call with its path, and what a read asked for and got", async () => {
    const fs = createCountingFileSystem(createMemoryFileSystem({ "/a.md": "hello" }));
    await fs.stat("/a.md");
    await fs.realpath("/a.md");
    const file = await fs.open("/a.md");
    await file.read(3);
    await file.close();
    await fs.stat("/missing").catch(() => undefined);
    expect(fs.calls).toEqual([
      { operation: "stat", path: "/a.md" },
      { operation: "realpath", path: "/a.md" },
      { operation: "open", path: "/a.md", maxBytes: 3, bytes: 3 },
      { operation: "stat", path: "/missing" },
    ]);
    expect(fs.count()).toBe(4);
    expect(fs.count("stat")).toBe(2);
    fs.reset();
    expect(fs.count()).toBe(0);
  });
});
