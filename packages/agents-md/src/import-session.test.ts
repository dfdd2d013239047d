import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { createImportSession } from "./import-session.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

describe("createImportSession", () => {
  it("allows imports up to its cap, says once that it was reached, then refuses", () => {
    const session = createImportSession(2);
    expect([1, 2, 3, 4].map(() => session.take())).toEqual([
      "allowed",
      "allowed",
      "capped",
      "refused",
    ]);
  });

  it("resolves each target and reads each file once, serving shorter reads from the first", async () => {
    const fs = createCountingFileSystem(
      createMemoryFileSystem({ "/r/a.md": "0123456789", "/r/link.md": { symlink: "a.md" } }),
    );
    const session = createImportSession(10);
    expect(await session.realpath(fs, "/r/link.md")).toBe("/r/a.md");
    expect(await session.realpath(fs, "/r/link.md")).toBe("/r/a.md");
    const first = await session.read(fs, "/r/a.md", 6);
    const again = await session.read(fs, "/r/a.md", 4);
    expect([first.bytes.length, first.first, again.bytes.length, again.first]).toEqual([
      6,
      true,
      4,
      false,
    ]);
    expect(fs.calls.map((call) => `${call.operation} ${call.path}`)).toEqual([
      "realpath /r/link.md",
      "stat /r/a.md",
      "open /r/a.md",
    ]);
  });

  it("parses a file's references once, and keeps those that end within a shorter text", () => {
    const session = createImportSession(10);
    const text = "see @a.md and @b.md";
    expect(session.references("/r/x.md", text).map((reference) => reference.reference)).toEqual([
      "a.md",
      "b.md",
    ]);
    expect(
      session.references("/r/x.md", text.slice(0, 12)).map((reference) => reference.reference),
    ).toEqual(["a.md"]);
  });
});
