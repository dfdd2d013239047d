import { asciiPieceEnd } from "./ascii-piece-end.js";
import { createBytePairMerge } from "./byte-pair-merge.js";
import { createMergedPieceCache } from "./merged-piece-cache.js";
import { o200kPieces } from "./o200k-pieces.js";
import { hashBytes } from "./pack-ranks.js";
import type { PackedRanks } from "./packed-ranks.js";
import { createShortPieceCache, shortPieceLength } from "./short-piece-cache.js";

const none = Number.POSITIVE_INFINITY;

/**
 * The longest piece merged by scanning for the lowest pair after each merge (quadratic, but
 * quicker on short pieces); a longer one goes to {@link createBytePairMerge}'s heap. Measured
 * through the whole counter on words of random letters, the scan is ahead up to about 128
 * bytes and the heap from about 256; the heap alone counted the real texts 25% slower.
 */
const longestScannedPiece = 192;
/**
 * How many merged pieces' counts are kept for the next time the piece comes, in how many bytes
 * (the cache is emptied when full), and the longest piece kept: under a megabyte in all. Pieces
 * of 33 to 128 bytes (paths, long identifiers) were 2% of the merged pieces of the Codex
 * rollouts' texts, but merging them again cost more than the rest.
 */
const cachedPieces = 16_384;
const cachedBytes = 512 * 1024;
const longestCachedPiece = 128;
/** The short pieces' table holds 2 ** 15 pieces, about 420 kB (2 ** 13 counted the real texts 10% slower). */
const shortPieceBits = 15;

/**
 * A function that counts the o200k_base tokens of a text with `ranks`: the text is cut into
 * pieces by {@link o200kPieces}, and each piece that is not one token is merged byte pair by byte
 * pair, the pair of lowest rank first, as tiktoken does (a long piece through a heap, so that
 * a run of one letter costs n log n, not n squared). The text is encoded to UTF-8 once, and a
 * piece that ASCII characters alone decide is found in its bytes by {@link asciiPieceEnd}, the
 * same piece without the expression's cost, and looked up where it lies, with no string made
 * for it. The counts of the latest merged pieces of up to 128 bytes are kept (16,384 at most,
 * in typed arrays), so a word a text repeats is merged once; memory stays bounded, and the
 * counts are the same. Special-token text counts as the plain text it is.
 */
export function createO200kCounter(ranks: PackedRanks): (text: string) => number {
  /** {@link o200kPieces}, matching only where it is asked to (sticky). */
  const piecesHere = new RegExp(o200kPieces.source, "uy");
  const encoder = new TextEncoder();
  /** The text being counted, in UTF-8. */
  let bytes = new Uint8Array(8_192);
  let starts = new Int32Array(1_024);
  let pairRanks = new Float64Array(1_024);
  const heapMerge = createBytePairMerge(ranks);

  /** The rank of the pair of parts that begins at part `part` of `length` parts, or `none`. */
  const pairRank = (part: number, length: number): number => {
    if (part + 2 >= length) return none;
    const rank = ranks.rankOf(bytes, starts[part] ?? 0, starts[part + 2] ?? 0);
    return rank < 0 ? none : rank;
  };

  /** How many tokens the `length` bytes from `start` are once merged. */
  const mergedCount = (start: number, length: number): number => {
    if (length > longestScannedPiece) return heapMerge(bytes.subarray(start), length);
    if (starts.length <= length) {
      starts = new Int32Array(length + 1);
      pairRanks = new Float64Array(length + 1);
    }
    let parts = length + 1;
    for (let index = 0; index < parts; index += 1) starts[index] = start + index;
    for (let index = 0; index < parts; index += 1) pairRanks[index] = pairRank(index, parts);
    for (;;) {
      let lowest = none;
      let at = -1;
      for (let index = 0; index < parts - 2; index += 1) {
        const rank = pairRanks[index] ?? none;
        if (rank < lowest) {
          lowest = rank;
          at = index;
        }
      }
      if (at < 0) return parts - 1;
      starts.copyWithin(at + 1, at + 2, parts);
      pairRanks.copyWithin(at + 1, at + 2, parts);
      parts -= 1;
      pairRanks[at] = pairRank(at, parts);
      if (at > 0) pairRanks[at - 1] = pairRank(at - 1, parts);
    }
  };

  /** The counts of pieces merged lately: a text repeats its words. */
  const merged = createMergedPieceCache(cachedPieces, cachedBytes, longestCachedPiece);

  /** The counts of short pieces seen lately: most pieces are short, and a text repeats them. */
  const short = createShortPieceCache(shortPieceBits);

  /** How many tokens the bytes from `start` to `end` are as one piece. */
  const pieceCount = (start: number, end: number): number => {
    const length = end - start;
    if (length === 1) return 1;
    if (length > shortPieceLength) return lookedUpCount(start, end);
    let tokens = short.find(bytes, start, end);
    if (tokens < 0) {
      tokens = lookedUpCount(start, end);
      short.keep(tokens);
    }
    return tokens;
  };

  /** How many tokens the bytes from `start` to `end` are as one piece, from the rank table. */
  const lookedUpCount = (start: number, end: number): number => {
    const length = end - start;
    const hash = hashBytes(bytes, start, end);
    if (ranks.rankOf(bytes, start, end, hash) >= 0) return 1;
    if (length > longestCachedPiece) return mergedCount(start, length);
    let tokens = merged.find(bytes, start, end, hash);
    if (tokens < 0) {
      tokens = mergedCount(start, length);
      merged.keep(bytes, start, end, hash, tokens);
    }
    return tokens;
  };

  return (text) => {
    if (bytes.length < text.length * 3) bytes = new Uint8Array(text.length * 3);
    const length = encoder.encodeInto(text, bytes).written;
    let count = 0;
    // The piece's start in the text's UTF-16 units, for the expression, and in its bytes.
    let unit = 0;
    for (let start = 0, end = 0; start < length; start = end) {
      end = asciiPieceEnd(bytes, start, length);
      if (end >= 0) unit += end - start;
      else {
        // Every unit starts some piece, so the piece is the one matched where it starts; asked
        // whether it matches, the expression makes no string and no array for it.
        piecesHere.lastIndex = unit;
        if (!piecesHere.test(text)) break;
        const units = piecesHere.lastIndex;
        end = start;
        while (unit < units) {
          const lead = bytes[end] as number;
          end += lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
          unit += lead < 0xf0 ? 1 : 2;
        }
      }
      count += pieceCount(start, end);
    }
    return count;
  };
}
