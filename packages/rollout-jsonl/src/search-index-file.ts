import { readFile, stat } from "node:fs/promises";
import { crc32 } from "node:zlib";
import { errorCode } from "./file-system.js";
import type { LogLocation } from "./log-location.js";
import type { LogReader } from "./log-reader.js";
import {
  type BlockSummary,
  type BlockTypeLines,
  trigramBitmapBytes,
} from "./search-block-summary.js";

/** How many of a block's last bytes its entry keeps a checksum of, to know the log is the same. */
const checkedTailBytes = 64;
const noPlaces = 0xffffffff;
/** The layout of an entry, first in its body: an entry of another layout ends the index there. */
const entryLayout = 0x63747831;
/** The bytes of an entry's fixed fields: layout, byte range, sequences, tail checksum. */
const fixedBytes = 40;

/** The search index of a log: beside it, named for it (`<id>.search-index`). */
export function searchIndexPath(log: LogLocation): string {
  return `${log.path.replace(/\.jsonl$/, "")}.search-index`;
}

/** The checksum of the last bytes of a block ending at `end`, read from the log. */
export async function tailChecksum(reader: LogReader, start: number, end: number): Promise<number> {
  const length = Math.min(checkedTailBytes, end - start);
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await reader.read(bytes, 0, length, end - length);
  return bytesRead === length ? crc32(bytes) : -1;
}

/** One entry of the index file: the block's summary and its tail's checksum, framed and checked. */
export function encodeEntry(block: BlockSummary, checksum: number): Buffer {
  const parts: Buffer[] = [];
  const fixed = Buffer.alloc(fixedBytes);
  fixed.writeUInt32LE(entryLayout, 0);
  fixed.writeDoubleLE(block.start, 4);
  fixed.writeDoubleLE(block.end, 12);
  fixed.writeDoubleLE(block.firstSequence, 20);
  fixed.writeDoubleLE(block.lastSequence, 28);
  fixed.writeUInt32LE(checksum >>> 0, 36);
  parts.push(fixed, Buffer.from(block.trigrams), u32(block.types.size));
  for (const [type, lines] of block.types) {
    const name = Buffer.from(type, "utf8");
    parts.push(u32(name.length), name, u32(lines.count));
    const places = lines.places;
    parts.push(u32(places === undefined ? noPlaces : places.length));
    if (places !== undefined) {
      const packed = Buffer.alloc(places.length * 4);
      for (const [index, place] of places.entries()) packed.writeUInt32LE(place, index * 4);
      parts.push(packed);
      for (const copy of lines.copies ?? []) parts.push(u32(copy.length), copy);
    }
  }
  const body = Buffer.concat(parts);
  const frame = Buffer.alloc(8);
  frame.writeUInt32LE(body.length, 0);
  frame.writeUInt32LE(crc32(body), 4);
  return Buffer.concat([frame, body]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
}

/** A block as the index file holds it. */
export interface IndexedBlock extends BlockSummary {
  readonly checksum: number;
}

/** Decodes one entry's body; `undefined` when it does not read as one. */
function decodeBody(body: Buffer): IndexedBlock | undefined {
  if (body.length < fixedBytes + trigramBitmapBytes + 4) return undefined;
  if (body.readUInt32LE(0) !== entryLayout) return undefined;
  let at = fixedBytes + trigramBitmapBytes;
  const next = () => {
    if (at + 4 > body.length) throw new RangeError("entry cut short");
    at += 4;
    return body.readUInt32LE(at - 4);
  };
  const types = new Map<string, BlockTypeLines>();
  try {
    for (let count = next(); count > 0; count -= 1) {
      const nameLength = next();
      if (at + nameLength > body.length) return undefined;
      const type = body.toString("utf8", at, at + nameLength);
      at += nameLength;
      const lines = next();
      const placeCount = next();
      let places: number[] | undefined;
      let copies: Buffer[] | undefined;
      if (placeCount !== noPlaces) {
        places = [];
        copies = [];
        for (let index = 0; index < placeCount; index += 1) places.push(next());
        for (let index = 0; index < placeCount / 2; index += 1) {
          const copyLength = next();
          if (at + copyLength > body.length) return undefined;
          copies.push(body.subarray(at, at + copyLength));
          at += copyLength;
        }
      }
      types.set(type, { count: lines, places, copies });
    }
  } catch {
    return undefined;
  }
  return {
    start: body.readDoubleLE(4),
    end: body.readDoubleLE(12),
    firstSequence: body.readDoubleLE(20),
    lastSequence: body.readDoubleLE(28),
    checksum: body.readUInt32LE(36),
    trigrams: body.subarray(fixedBytes, fixedBytes + trigramBitmapBytes),
    types,
  };
}

/** An index file's entries whose frames check, each with the file's length up to its end. */
type IndexEntries = readonly { readonly block: IndexedBlock; readonly end: number }[];

function decodeEntries(file: Buffer): IndexEntries {
  const entries: { block: IndexedBlock; end: number }[] = [];
  let at = 0;
  while (at + 8 <= file.length) {
    const length = file.readUInt32LE(at);
    if (at + 8 + length > file.length) break;
    const body = file.subarray(at + 8, at + 8 + length);
    if (crc32(body) !== file.readUInt32LE(at + 4)) break;
    const block = decodeBody(body);
    if (block === undefined) break;
    at += 8 + length;
    entries.push({ block, end: at });
  }
  return entries;
}

/** How many decoded index files a store keeps, for the searches that follow one another. */
const cachedIndexes = 2;

/**
 * The decoded index files of the logs searched last, each known by its file's inode, size and
 * modification time: a search that follows another on the same log skips reading its index
 * again. Memory: {@link cachedIndexes} indexes at most.
 */
export type SearchIndexCache = Map<
  string,
  { readonly key: string; readonly entries: IndexEntries }
>;

/** The entries of the index file at `path`, from `cache` when the file did not change. */
async function readEntries(path: string, cache: SearchIndexCache): Promise<IndexEntries> {
  let key: string;
  try {
    const { ino, size, mtimeMs } = await stat(path);
    key = `${ino}:${size}:${mtimeMs}`;
    const cached = cache.get(path);
    if (cached?.key === key) return cached.entries;
    const entries = decodeEntries(await readFile(path));
    cache.delete(path);
    cache.set(path, { key, entries });
    for (const old of cache.keys()) if (cache.size > cachedIndexes) cache.delete(old);
    return entries;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return [];
    throw error;
  }
}

/**
 * The blocks of a log's index that the log bears out: read from the file's start while each
 * entry's frame checks and each block follows the one before, from `start` (the header's end)
 * and sequence `first`, up to `committedEnd`; then cut back to none unless the last block's tail
 * checksum matches the log. `length` is how many bytes of the file those blocks take. A missing,
 * damaged or foreign index gives fewer blocks, never a wrong one.
 */
export async function loadSearchIndex(
  log: LogLocation,
  reader: LogReader,
  range: { readonly start: number; readonly first: number; readonly committedEnd: number },
  cache: SearchIndexCache = new Map(),
): Promise<{ readonly blocks: readonly IndexedBlock[]; readonly length: number }> {
  const blocks: IndexedBlock[] = [];
  let length = 0;
  let expectedStart = range.start;
  let expectedSequence = range.first;
  for (const { block, end } of await readEntries(searchIndexPath(log), cache)) {
    if (
      block.start !== expectedStart ||
      block.firstSequence !== expectedSequence ||
      block.end <= block.start ||
      block.end > range.committedEnd ||
      block.lastSequence < block.firstSequence
    )
      break;
    blocks.push(block);
    length = end;
    expectedStart = block.end;
    expectedSequence = block.lastSequence + 1;
  }
  const last = blocks.at(-1);
  if (last === undefined) return { blocks, length: 0 };
  if ((await tailChecksum(reader, last.start, last.end)) !== last.checksum)
    return { blocks: [], length: 0 };
  return { blocks, length };
}
