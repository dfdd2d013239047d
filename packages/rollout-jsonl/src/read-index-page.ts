import {
  createPageFilter,
  isListedBefore,
  type PageOptions,
  pageSessions,
  type SessionInfo,
  type SessionPage,
} from "@ctx/rollout";
import { openIfPresent } from "./file-system.js";
import { linesBackward, linesForward } from "./log-lines.js";
import type { IndexedSession } from "./session-index-line.js";
import { decodeIndexLine, type IndexChange } from "./session-index-line.js";

/** The most bytes the index's first line may take. */
const longestHeader = 256;

/** A page of the listing read straight from the index file. */
export interface IndexPage {
  readonly page: SessionPage;
  /** The size of each listed session's log as the index holds it. */
  readonly sizes: ReadonlyMap<string, number>;
  /** How many lines follow the sorted part: every listing reads them all. */
  readonly tailLines: number;
}

/**
 * Reads one page of the listing from the index file at `path` without loading the whole index.
 * The file is a header, a sorted part (one line per session, oldest first, as the last rewrite
 * wrote it) and a tail of lines appended since (a later line of a session replaces earlier
 * ones). The tail is read whole; the sorted part is read backwards, newest first, skipping the
 * sessions the tail replaced, until `limit + 1` of its sessions pass the filters: a first page
 * reads about a page of lines, a filtered page or a later page reads on until it has filled.
 * Memory stays at the tail plus a page.
 * A torn last line is left out. Answers `"missing"` when there is no index and `"unreadable"`
 * when a line cannot be read or the sorted part is out of order, so the caller rebuilds it.
 *
 * @throws {RolloutError} `invalid-argument` for a cursor no listing returned.
 */
export async function readIndexPage(
  path: string,
  options: PageOptions,
): Promise<IndexPage | "missing" | "unreadable"> {
  const listed = createPageFilter(options);
  const handle = await openIfPresent(path, "r");
  if (handle === undefined) return "missing";
  try {
    const { size } = await handle.stat();
    let sortedStart = -1;
    let sortedEnd = -1;
    for await (const line of linesForward(handle, 0, Math.min(size, longestHeader))) {
      const header = decodeIndexLine(line.bytes.toString("utf8"));
      if (header === undefined || !("sortedBytes" in header)) return "unreadable";
      sortedStart = line.bytes.length + 1;
      sortedEnd = sortedStart + header.sortedBytes;
      break;
    }
    if (sortedStart < 0 || sortedEnd > size) return "unreadable";
    const replaced = new Map<string, IndexChange>();
    let tailLines = 0;
    for await (const line of linesForward(handle, sortedEnd, size)) {
      const change = decodeIndexLine(line.bytes.toString("utf8"));
      if (change === undefined || "sortedBytes" in change) return "unreadable";
      replaced.set("deleted" in change ? change.deleted : change.info.id, change);
      tailLines += 1;
    }
    const candidates: IndexedSession[] = [];
    for (const change of replaced.values()) if (!("deleted" in change)) candidates.push(change);
    const limit = options.limit ?? 50;
    let matches = 0;
    let newer: SessionInfo | undefined;
    for await (const line of linesBackward(handle, sortedEnd)) {
      if (line.start < sortedStart) break;
      const entry = decodeIndexLine(line.bytes.toString("utf8"));
      if (entry === undefined || !("info" in entry)) return "unreadable";
      if (newer !== undefined && !isListedBefore(newer, entry.info)) return "unreadable";
      newer = entry.info;
      if (replaced.has(entry.info.id) || !listed(entry.info)) continue;
      // Only sessions the page could hold are kept, so memory stays at the tail plus a page.
      candidates.push(entry);
      matches += 1;
      if (matches > limit) break;
    }
    const page = pageSessions(
      candidates.map((entry) => entry.info),
      options,
    );
    const listedIds = new Set(page.sessions.map((session) => session.id));
    const sizes = new Map<string, number>();
    for (const entry of candidates)
      if (listedIds.has(entry.info.id)) sizes.set(entry.info.id, entry.size);
    return { page, sizes, tailLines };
  } finally {
    await handle.close();
  }
}
