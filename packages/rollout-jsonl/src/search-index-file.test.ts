import { open, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeBatch } from "./jsonl-line.js";
import { summarizeBlock } from "./search-block-summary.js";
import {
  encodeEntry,
  loadSearchIndex,
  searchIndexPath,
  tailChecksum,
} from "./search-index-file.js";

const at = "2026-01-01T00:00:00.000Z";
const header = Buffer.from("header\n");

describe("loadSearchIndex", () => {
  const folder = useTemporaryFolder("ctx-jsonl-search-index-file-");

  /** A log of a header and two blocks of records, and its index file. */
  async function indexedLog() {
    const log = { sessionId: "s", path: join(folder(), "s.jsonl") };
    const first = Buffer.from(
      encodeBatch(
        [
          { type: "turn", payload: {} },
          { type: "note", payload: "a" },
        ],
        0,
        "a",
        at,
      ),
    );
    const second = Buffer.from(encodeBatch([{ type: "note", payload: "bb" }], 2, "b", at));
    const bytes = Buffer.concat([header, first, second]);
    await writeFile(log.path, bytes);
    const blocks = [
      summarizeBlock(first, header.length, 0, log),
      summarizeBlock(second, header.length + first.length, 2, log),
    ];
    const handle = await open(log.path, "r");
    const entries: Buffer[] = [];
    for (const block of blocks)
      if (block !== undefined)
        entries.push(encodeEntry(block, await tailChecksum(handle, block.start, block.end)));
    await handle.close();
    const index = Buffer.concat(entries);
    await writeFile(searchIndexPath(log), index);
    const range = { start: header.length, first: 0, committedEnd: bytes.length };
    const load = async () => {
      const reader = await open(log.path, "r");
      try {
        return (await loadSearchIndex(log, reader, range)).blocks.map((block) => [
          block.start,
          block.end,
          block.firstSequence,
          block.lastSequence,
        ]);
      } finally {
        await reader.close();
      }
    };
    return { log, index, load, bytes };
  }

  it("reads back the blocks written, and after any byte of the file changed only a prefix of them", async () => {
    const { log, index, load } = await indexedLog();
    const whole = await load();
    expect(whole).toHaveLength(2);
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(255), async (position, value) => {
        const changed = Buffer.from(index);
        changed[position % changed.length] = value;
        await writeFile(searchIndexPath(log), changed);
        const loaded = await load();
        expect(loaded).toEqual(whole.slice(0, loaded.length));
      }),
      { numRuns: 150 },
    );
  });

  it("trusts none of the blocks when the log's bytes at the last block's end differ", async () => {
    const { log, bytes, load } = await indexedLog();
    const changed = Buffer.from(bytes);
    changed[changed.length - 3] = 0x21;
    await writeFile(log.path, changed);
    expect(await load()).toEqual([]);
  });
});
