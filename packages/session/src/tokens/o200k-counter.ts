import { asciiPieceEnd } from "./ascii-piece-end.js";
import { createBytePairMerge } from "./byte-pair-merge.js";
import { o200kPieces } from "./o200k-pieces.js";
import type { PackedRanks } from "./packed-ranks.js";

const none = Number.POSITIVE_INFINITY;

/**
 * The longest piece merged by scanning for the lowest pair after each merge (quadratic, but
 * quicker on short pieces); a longer one goes to {@link createBytePairMerge}'s heap. Measured
 * through the whole counter on words of random letters, the scan is ahead up to about 128
 * bytes and the heap from about 256; the heap alone counted the real texts 25% slower.
 */
const longestScannedPiece = 192;
/**
 * How many merged pieces' counts are kept for the next time the piece comes (the cache is
 * emptied when full), and the longest piece kept: about a megabyte at most.
 */
const cachedPieces = 16_384;
const longestCachedPiece = 32;

/**
 * A function that counts the o200k_base tokens of a text with `ranks`: the text is cut into
 * pieces by {@link o200kPieces}, and each piece that is not one token is merged byte pair by byte
 * pair, the pair of lowest rank first, as tiktoken does (a long piece through a heap, so that
 * a run of one letter costs n log n, not n squared). A piece that ASCII characters alone decide
 * is found by {@link asciiPieceEnd}, the same piece without the expression's cost. The counts
 * of the latest merged pieces of up to 32 UTF-16 units are kept (16,384 at most), so a word a
 * text repeats is merged once; memory stays bounded, and the counts are the same. Special-token
 * text counts as the plain text it is.
 */
export function createO200kCounter(ranks: PackedRanks): (text: string) => number {
  const encoder = new TextEncoder();
  let bytes = new Uint8Array(1_024);
  let starts = new Int32Array(1_024);
  let pairRanks = new Float64Array(1_024);
  const heapMerge = createBytePairMerge(ranks);

  /** The rank of the pair of parts that begins at part `part` of `length` parts, or `none`. */
  const pairRank = (part: number, length: number): number => {
    if (part + 2 >= length) return none;
    const rank = ranks.rankOf(bytes, starts[part] ?? 0, starts[part + 2] ?? 0);
    return rank < 0 ? none : rank;
  };

  /** How many tokens the first `length` bytes are once merged. */
  const mergedCount = (length: number): number => {
    if (length > longestScannedPiece) return heapMerge(bytes, length);
    if (starts.length <= length) {
      starts = new Int32Array(length + 1);
      pairRanks = new Float64Array(length + 1);
    }
    let parts = length + 1;
    for (let index = 0; index < parts; index += 1) starts[index] = index;
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

  /** The UTF-8 length of `piece`, written into `bytes`. */
  const encode = (piece: string): number => {
    if (bytes.length < piece.length * 3) bytes = new Uint8Array(piece.length * 3);
    for (let index = 0; index < piece.length; index += 1) {
      const unit = piece.charCodeAt(index);
      if (unit >= 0x80) return encoder.encodeInto(piece, bytes).written;
      bytes[index] = unit;
    }
    return piece.length;
  };

  /** The counts of pieces merged lately, by piece: a text repeats its words. */
  const merged = new Map<string, number>();

  /** How many tokens `piece`, of `length` bytes in `bytes` and not one token, is once merged. */
  const mergedPiece = (piece: string, length: number): number => {
    if (length > longestCachedPiece) return mergedCount(length);
    let tokens = merged.get(piece);
    if (tokens === undefined) {
      tokens = mergedCount(length);
      if (merged.size >= cachedPieces) merged.clear();
      merged.set(piece, tokens);
    }
    return tokens;
  };

  return (text) => {
    let count = 0;
    for (let start = 0, end = 0; start < text.length; start = end) {
      end = asciiPieceEnd(text, start);
      let length: number;
      if (end >= 0) {
        length = end - start;
        if (length === 1) {
          count += 1;
          continue;
        }
        if (bytes.length < length) bytes = new Uint8Array(length);
        for (let index = 0; index < length; index += 1) {
          bytes[index] = text.charCodeAt(start + index);
        }
      } else {
        o200kPieces.lastIndex = start;
        const match = o200kPieces.exec(text);
        if (match === null) break;
        start = match.index;
        end = start + match[0].length;
        length = encode(match[0]);
      }
      if (length === 1 || ranks.rankOf(bytes, 0, length) >= 0) count += 1;
      else count += mergedPiece(text.slice(start, end), length);
    }
    return count;
  };
}
