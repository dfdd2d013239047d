import { describe, expect, it } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { createMemoryFileSystem } from "./memory-file-system.js";
import { readAhead } from "./read-ahead.js";
import { type CheckedOpen, openCheckedFile } from "./read-checked-file.js";

const check = { identity: null, noFollow: false };
const decoder = new TextDecoder();

async function opens(fs: ReturnType<typeof createCountingFileSystem>, paths: readonly string[]) {
  return Promise.all(paths.map((path) => openCheckedFile(fs, path, check)));
}

function fileOf(open: CheckedOpen | undefined) {
  if (open === undefined || !("opened" in open)) throw new Error("expected an opened file");
  return open.opened.file;
}

describe("readAhead", () => {
  it("reads every file at once when they fit together, and answers later reads from it", async () => {
    const fs = createCountingFileSystem(createMemoryFileSystem({ "/a.md": "aaaa", "/b.md": "bb" }));
    const ready = readAhead(await opens(fs, ["/a.md", "/b.md"]), 100, 3);
    expect(fs.calls.map((call) => [call.path, call.maxBytes])).toEqual([
      ["/a.md", 7],
      ["/b.md", 5],
    ]);
    expect(decoder.decode(await fileOf(ready[0]).read(2))).toBe("aa");
    expect(decoder.decode(await fileOf(ready[1]).read(50))).toBe("bb");
    expect(fs.calls.map((call) => call.maxBytes)).toEqual([7, 5]);
  });

  it("leaves the reads to the budget when the files do not fit together", async () => {
    const fs = createCountingFileSystem(createMemoryFileSystem({ "/a.md": "aaaa", "/b.md": "bb" }));
    const opened = await opens(fs, ["/a.md", "/b.md"]);
    expect(readAhead(opened, 10, 3)).toEqual(opened);
    expect(fs.calls.every((call) => call.maxBytes === undefined)).toBe(true);
  });

  it("reads again a file that grew past what was read ahead", async () => {
    const fs = createCountingFileSystem(createMemoryFileSystem({ "/a.md": "0123456789" }));
    const [open] = await opens(fs, ["/a.md"]);
    const file = fileOf(open);
    // The stat says 2 bytes: the file grew to 10 between the stat and the read.
    const stale: CheckedOpen = {
      opened: { stat: { kind: "file", size: 2, identity: "1:1" }, file },
    };
    const [ready] = readAhead([stale], 100, 0);
    expect(decoder.decode(await fileOf(ready).read(10))).toBe("0123456789");
    expect(decoder.decode(await fileOf(ready).read(1))).toBe("0");
    expect(fs.calls.map((call) => call.maxBytes)).toEqual([10]);
  });
});
