import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isListedBefore, type PageOptions, pageSessions, type SessionInfo } from "@ctx/rollout";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readIndexPage } from "./read-index-page.js";
import type { IndexedSession } from "./session-index-line.js";
import { encodeIndexChange, encodeIndexHeader, type IndexChange } from "./session-index-line.js";

function session(id: number, minute: number, cwd: number, archived = false): IndexedSession {
  const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  const info: SessionInfo = {
    id: `s${id}`,
    createdAt: at,
    updatedAt: at,
    cwd: `/repo/${cwd}`,
    parent: undefined,
    nextSequence: 1,
    archived,
    meta: null,
  };
  return { info, size: 100 + id };
}

/** An index file as a rewrite leaves it (sorted, oldest first), then `tail` appended as is. */
function indexText(sorted: readonly IndexedSession[], tail: readonly IndexChange[]): string {
  const body = [...sorted]
    .sort((left, right) => (isListedBefore(left.info, right.info) ? 1 : -1))
    .map(encodeIndexChange)
    .join("");
  return encodeIndexHeader(Buffer.byteLength(body)) + body + tail.map(encodeIndexChange).join("");
}

/** What the whole index says: the last line of each session wins. */
function finalStates(
  sorted: readonly IndexedSession[],
  tail: readonly IndexChange[],
): SessionInfo[] {
  const states = new Map<string, SessionInfo>();
  for (const entry of sorted) states.set(entry.info.id, entry.info);
  for (const change of tail)
    if ("deleted" in change) states.delete(change.deleted);
    else states.set(change.info.id, change.info);
  return [...states.values()];
}

describe("readIndexPage", () => {
  const folder = useTemporaryFolder("ctx-index-page-");
  const indexPath = () => join(folder(), ".index.jsonl");

  it("lists what the whole index says, with later lines replacing earlier ones, for any filter and cursor", async () => {
    const entry = fc
      .record({
        id: fc.integer({ min: 0, max: 40 }),
        minute: fc.integer({ min: 0, max: 60 }),
        cwd: fc.integer({ min: 0, max: 2 }),
        archived: fc.boolean(),
      })
      .map(({ id, minute, cwd, archived }) => session(id, minute, cwd, archived));
    const change: fc.Arbitrary<IndexChange> = fc.oneof(
      entry,
      fc.integer({ min: 0, max: 40 }).map((id) => ({ deleted: `s${id}` })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(entry, { selector: (value) => value.info.id, maxLength: 30 }),
        fc.array(change, { maxLength: 12 }),
        fc.record({
          limit: fc.integer({ min: 1, max: 6 }),
          cwd: fc.option(fc.constant("/repo/1"), { nil: undefined }),
          includeArchived: fc.boolean(),
        }),
        async (sorted, tail, options: PageOptions) => {
          await writeFile(indexPath(), indexText(sorted, tail));
          const expected = finalStates(sorted, tail);
          let cursor: string | undefined;
          for (let page = 0; page < 40; page += 1) {
            const paged = { ...options, cursor };
            const read = await readIndexPage(indexPath(), paged);
            const want = pageSessions(expected, paged);
            if (typeof read === "string") throw new Error(`the index was ${read}`);
            expect(read.page).toEqual(want);
            expect(read.tailLines).toBe(tail.length);
            cursor = want.cursor;
            if (cursor === undefined) break;
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads the sorted part only back to where the first page fills", async () => {
    const sorted = Array.from({ length: 500 }, (_, id) => session(id, id, id % 3));
    // A line that cannot be read, among the oldest: a first page never gets that far.
    const text = indexText(sorted, []).replace('"id":"s3"', '"id":3333');
    await writeFile(indexPath(), text);
    const read = await readIndexPage(indexPath(), { limit: 50 });
    if (typeof read === "string") throw new Error(`the index was ${read}`);
    expect(read.page.sessions.map((info) => info.id)).toEqual(
      Array.from({ length: 50 }, (_, index) => `s${499 - index}`),
    );
    expect(read.sizes.get("s499")).toBe(599);
    // Reading everything reaches it.
    expect(await readIndexPage(indexPath(), { cwd: "/repo/nowhere" })).toBe("unreadable");
  });

  it("leaves out a torn last line, and asks for a rebuild when the index is missing, unreadable or out of order", async () => {
    const sorted = [session(1, 1, 0), session(2, 2, 0)];
    const text = indexText(sorted, [session(1, 5, 0)]);
    await writeFile(indexPath(), `${text}${encodeIndexChange(session(2, 9, 0)).slice(0, 20)}`);
    const read = await readIndexPage(indexPath(), {});
    if (typeof read === "string") throw new Error(`the index was ${read}`);
    expect(read.page.sessions.map((info) => [info.id, info.updatedAt])).toEqual([
      ["s1", session(1, 5, 0).info.updatedAt],
      ["s2", session(2, 2, 0).info.updatedAt],
    ]);
    await rm(indexPath());
    expect(await readIndexPage(indexPath(), {})).toBe("missing");
    await writeFile(indexPath(), "not an index\n");
    expect(await readIndexPage(indexPath(), {})).toBe("unreadable");
    const body = [session(2, 2, 0), session(1, 1, 0)].map(encodeIndexChange).join("");
    await writeFile(indexPath(), encodeIndexHeader(Buffer.byteLength(body)) + body);
    expect(await readIndexPage(indexPath(), {})).toBe("unreadable");
  });

  it("reads an index written before the sorted part existed as one long tail", async () => {
    const lines = [session(1, 1, 0), session(2, 2, 0), session(1, 3, 0)].map(encodeIndexChange);
    await writeFile(indexPath(), `${JSON.stringify({ index: 1 })}\n${lines.join("")}`);
    const read = await readIndexPage(indexPath(), {});
    if (typeof read === "string") throw new Error(`the index was ${read}`);
    expect(read.page.sessions.map((info) => info.id)).toEqual(["s1", "s2"]);
    expect(read.tailLines).toBe(3);
  });
});
