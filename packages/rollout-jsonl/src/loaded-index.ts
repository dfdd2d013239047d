import { randomUUID } from "node:crypto";
import { fstatSync, writeSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import { isListedBefore } from "@ctx/rollout";
import { openIfPresent } from "./file-system.js";
import type { IndexedSession } from "./session-index-line.js";
import {
  decodeIndexLine,
  encodeIndexChange,
  encodeIndexHeader,
  type IndexChange,
} from "./session-index-line.js";

/**
 * The most lines the index keeps after its sorted part before a store that reads it rewrites
 * it: every listing reads them all, so they bound what a first page costs beyond the page.
 */
export const longestTail = 256;

/** What a read of the index found: `missing` and `unreadable` ask for a rebuild. */
export type IndexState = "ready" | "missing" | "unreadable";

/**
 * The index file at one path as this store has read it: the sessions its lines say (the last
 * line of a session winning), and how far into which file the reading got.
 */
export interface LoadedIndex {
  /** The sessions read so far. */
  readonly sessions: ReadonlyMap<string, IndexedSession>;
  /** How many lines the loaded file held, its header included, when it was last read. */
  readonly lines: number;
  /** How many of those lines follow the file's sorted part. */
  readonly tailLines: number;
  /** Records a change in memory, as a line appended to the file says it. */
  apply(change: IndexChange): void;
  /** Reads what was appended since the last read (all of it when the file was replaced). */
  catchUp(): Promise<IndexState>;
  /** Writes the index afresh from `entries` (the caller holds the index lock) and loads it. */
  rewrite(entries: Iterable<IndexedSession>): Promise<void>;
  /** Forgets where reading got: memory may hold changes the file lacks, so read it anew. */
  forget(): void;
}

/** Loads the index file at `path`, reading it only when asked. */
export function createLoadedIndex(path: string): LoadedIndex {
  const sessions = new Map<string, IndexedSession>();
  let loadedInode = -1;
  let loadedBytes = 0;
  let lines = 0;
  /** Where the sorted part of the loaded file ends, and how many lines were read after it. */
  let sortedEnd = 0;
  let tailLines = 0;

  function apply(change: IndexChange): void {
    if ("deleted" in change) sessions.delete(change.deleted);
    else sessions.set(change.info.id, change);
  }

  let loading: Promise<unknown> = Promise.resolve();

  /** Runs one read or rewrite of the index at a time, since each moves what is loaded. */
  function oneAtATime<Result>(task: () => Promise<Result>): Promise<Result> {
    const next = loading.then(task, task);
    loading = next.catch(() => undefined);
    return next;
  }

  async function readAppended(): Promise<IndexState> {
    const handle = await openIfPresent(path, "r");
    if (handle === undefined) return "missing";
    try {
      const status = await handle.stat();
      if (status.ino !== loadedInode || status.size < loadedBytes) {
        sessions.clear();
        loadedInode = status.ino;
        loadedBytes = 0;
        lines = 0;
        tailLines = 0;
      }
      if (status.size === loadedBytes) return lines === 0 ? "unreadable" : "ready";
      const buffer = Buffer.allocUnsafe(status.size - loadedBytes);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, loadedBytes);
      let start = 0;
      for (
        let end = buffer.indexOf(0x0a, start);
        end !== -1 && end < bytesRead;
        end = buffer.indexOf(0x0a, start)
      ) {
        const decoded = decodeIndexLine(buffer.toString("utf8", start, end));
        if (decoded === undefined || "sortedBytes" in decoded !== (lines === 0))
          return "unreadable";
        if ("sortedBytes" in decoded) {
          sortedEnd = end + 1 - start + decoded.sortedBytes;
          if (sortedEnd > status.size) return "unreadable";
        } else {
          // The sorted part holds one line per session: a session twice there is damage.
          if (loadedBytes < sortedEnd && ("deleted" in decoded || sessions.has(decoded.info.id)))
            return "unreadable";
          apply(decoded);
          if (loadedBytes >= sortedEnd) tailLines += 1;
        }
        lines += 1;
        loadedBytes += end + 1 - start;
        start = end + 1;
      }
      // Bytes without a complete first line (an empty file, NUL bytes) are no index.
      return lines === 0 ? "unreadable" : "ready";
    } finally {
      await handle.close();
    }
  }

  async function writeAfresh(entries: Iterable<IndexedSession>): Promise<void> {
    const temporary = `${path}.${randomUUID()}.tmp`;
    const sorted = [...entries].sort((left, right) =>
      isListedBefore(left.info, right.info) ? 1 : -1,
    );
    let body = "";
    sessions.clear();
    for (const entry of sorted) {
      body += encodeIndexChange(entry);
      sessions.set(entry.info.id, entry);
    }
    const text = Buffer.from(encodeIndexHeader(Buffer.byteLength(body)) + body);
    // The bytes go to the page cache and the inode is read with synchronous calls (no disk
    // waits in either), so only the open, the fsync, the close and the rename take a round trip
    // through the thread pool each: on a loaded machine every round trip waits for a turn of
    // a pool thread and then of this one.
    const handle = await open(temporary, "w");
    let inode: number;
    try {
      for (let written = 0; written < text.length; ) written += writeSync(handle.fd, text, written);
      inode = fstatSync(handle.fd).ino;
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    loadedInode = inode;
    loadedBytes = text.length;
    sortedEnd = text.length;
    lines = sorted.length + 1;
    tailLines = 0;
  }

  return {
    sessions,
    get lines() {
      return lines;
    },
    get tailLines() {
      return tailLines;
    },
    apply,
    catchUp: () => oneAtATime(readAppended),
    rewrite: (entries) => oneAtATime(() => writeAfresh(entries)),
    forget() {
      loadedInode = -1;
    },
  };
}
