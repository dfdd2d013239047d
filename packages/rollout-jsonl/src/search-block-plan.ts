import type { RecordSearch } from "@ctx/rollout";
import { mayHoldBytes } from "./search-block-summary.js";
import type { IndexedBlock } from "./search-index-file.js";

/**
 * What a search reads of one indexed block: nothing, the lines at these places (in order:
 * the lines of the types asked, each of them few in the block), or the whole block.
 */
export type BlockReading = "skip" | "scan" | readonly LinePlace[];

/** A line of a block a search reads alone: where it is, and its copy when the index has one. */
export interface LinePlace {
  readonly offset: number;
  readonly length: number;
  readonly copy: Buffer | undefined;
}

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
    const places = new Map<number, LinePlace>();
    for (const type of items ? [...search.types, ...marks] : marks) {
      const lines = block.types.get(type);
      if (lines === undefined) continue;
      if (lines.places === undefined) return "scan";
      for (let index = 0; index < lines.places.length; index += 2) {
        const offset = block.start + (lines.places[index] ?? 0);
        const copy = lines.copies?.[index / 2];
        places.set(offset, {
          offset,
          length: lines.places[index + 1] ?? 0,
          copy: copy === undefined || copy.length === 0 ? undefined : copy,
        });
      }
    }
    if (places.size === 0) return "skip";
    return [...places.values()].sort((left, right) => left.offset - right.offset);
  };
}
