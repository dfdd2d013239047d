import { type FileHandle, open } from "node:fs/promises";
import { readLogHeader } from "./log-header.js";
import type { LogLocation } from "./log-location.js";
import { summarizeBlock } from "./search-block-summary.js";
import {
  encodeEntry,
  loadSearchIndex,
  searchIndexPath,
  tailChecksum,
} from "./search-index-file.js";

/** About how many bytes of whole lines one block of the index covers. */
export const searchBlockBytes = 1024 * 1024;

/** Where a log's index stands, kept with the open log between appends. */
export interface SearchIndexState {
  /** The log's byte the index covers up to, and the sequence of the record that starts there. */
  coveredEnd: number;
  nextSequence: number;
  /** The index file's length, where the next entry goes. */
  fileLength: number;
  /** Set once a block could not be summarized: the index stays where it is. */
  stopped: boolean;
}

/** Reads the index as the log bears it out and cuts off whatever follows its good entries. */
async function openState(handle: FileHandle, log: LogLocation, committedEnd: number) {
  const header = await readLogHeader(handle, log);
  if (header === undefined) return undefined;
  const first = header.header.parent?.sequence ?? 0;
  const { blocks, length } = await loadSearchIndex(log, handle, {
    start: header.end,
    first,
    committedEnd,
  });
  const last = blocks.at(-1);
  const index = await open(searchIndexPath(log), "a+");
  try {
    if ((await index.stat()).size !== length) await index.truncate(length);
  } finally {
    await index.close();
  }
  return {
    coveredEnd: last?.end ?? header.end,
    nextSequence: last === undefined ? first : last.lastSequence + 1,
    fileLength: length,
    stopped: false,
  };
}

/** The whole lines of the log from `start`: about a block's worth, more when a line is longer. */
async function readBlockLines(
  handle: FileHandle,
  start: number,
  committedEnd: number,
  blockBytes: number,
) {
  let size = Math.min(blockBytes, committedEnd - start);
  for (;;) {
    const bytes = Buffer.allocUnsafe(size);
    const { bytesRead } = await handle.read(bytes, 0, size, start);
    if (bytesRead === 0) return undefined;
    const end = bytes.lastIndexOf(0x0a, bytesRead - 1);
    if (end !== -1) return bytes.subarray(0, end + 1);
    if (start + size >= committedEnd) return undefined;
    size = Math.min(size * 2, committedEnd - start);
  }
}

/**
 * Brings the search index of a log up to `committedEnd`, under the session's lock, after an
 * append: every whole block of about `blockBytes` past what the index covers gets
 * its entry; the bytes after the last whole block wait for a later append. A missing, stale or
 * damaged index is rebuilt from its last good entry. The index is a hint, so a failure here
 * leaves `state` unset for the next append to start over, and never fails the append.
 */
export async function updateSearchIndex(
  handle: FileHandle,
  log: LogLocation,
  committedEnd: number,
  state: SearchIndexState | undefined,
  blockBytes = searchBlockBytes,
): Promise<SearchIndexState | undefined> {
  // A log shorter than a block has nothing to index: its appends cost no call on the index.
  if (state === undefined && committedEnd < blockBytes) return undefined;
  try {
    const current = state ?? (await openState(handle, log, committedEnd));
    if (current === undefined || current.stopped) return current;
    if (committedEnd - current.coveredEnd < blockBytes) return current;
    const index = await open(searchIndexPath(log), "r+");
    try {
      while (committedEnd - current.coveredEnd >= blockBytes) {
        const bytes = await readBlockLines(handle, current.coveredEnd, committedEnd, blockBytes);
        const block = bytes && summarizeBlock(bytes, current.coveredEnd, current.nextSequence, log);
        if (block === undefined) {
          current.stopped = true;
          break;
        }
        const entry = encodeEntry(block, await tailChecksum(handle, block.start, block.end));
        await index.write(entry, 0, entry.length, current.fileLength);
        current.fileLength += entry.length;
        current.coveredEnd = block.end;
        current.nextSequence = block.lastSequence + 1;
      }
    } finally {
      await index.close();
    }
    return current;
  } catch {
    return undefined;
  }
}
