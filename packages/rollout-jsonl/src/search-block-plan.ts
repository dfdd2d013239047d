import type { RecordSearch } from "@ctx/rollout";
import { mayHoldBytes } from "./search-block-summary.js";
import type { IndexedBlock } from "./search-index-file.js";

/**
 * What a search reads of one indexed block: nothing, the lines at these places (pairs of offset
 * from the log's start and length, in order: the lines of the types asked, each of them few in
 * the block), or the whole block.
 */
export type BlockReading = "skip" | "scan" | readonly number[];

const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The reading of each block for `search` (already checked), for records below `below`. A text
 * is looked for in a block's trigrams as `JSON.stringify` writes it inside a string, with ASCII
 * letters folded: the bytes of any line holding a string value that contains the text hold that
 * form, so a block whose trigrams lack it holds no record the text matches. A text with a lone
 * surrogate (which a log may hold as half of a pair) skips no block.
 */
export function createBlockPlan(
  search: RecordSearch,
  below: number,
): (block: IndexedBlock) => BlockReading {
  const from = search.from ?? 0;
  const end = Math.min(search.below ?? Number.POSITIVE_INFINITY, below);
  const texts = search.texts;
  const needles =
    texts === undefined || texts.some((text) => lone.test(text))
      ? undefined
      : texts.map((text) => Buffer.from(JSON.stringify(text).slice(1, -1), "utf8"));
  const marks = search.marks ?? [];
  return (block) => {
    const items =
      block.lastSequence >= from &&
      block.firstSequence < end &&
      search.types.some((type) => block.types.has(type)) &&
      (needles === undefined || needles.some((needle) => mayHoldBytes(block.trigrams, needle)));
    const places: number[] = [];
    for (const type of items ? [...search.types, ...marks] : marks) {
      const lines = block.types.get(type);
      if (lines === undefined) continue;
      if (lines.places === undefined) return "scan";
      places.push(...lines.places);
    }
    if (places.length === 0) return "skip";
    const pairs = new Map<number, number>();
    for (let index = 0; index < places.length; index += 2)
      pairs.set(block.start + (places[index] ?? 0), places[index + 1] ?? 0);
    return [...pairs].sort((left, right) => left[0] - right[0]).flat();
  };
}
