import ranks from "gpt-tokenizer/bpeRanks/o200k_base";
import { packRanks } from "./pack-ranks.js";

/**
 * The o200k_base rank table, packed. Run from the sources (tests, the workspace's `ctx`), it is
 * packed from `gpt-tokenizer`'s table on each load; a build replaces this module (see
 * `scripts/packed-ranks-plugin.mjs`) with one that reads the table packed at build time from
 * `o200k_base.ranks` beside the built file, or, where the runtime cannot read a file, decodes
 * it from a chunk that embeds it (then the answer is a promise).
 */
export function loadO200kRanks(): Uint8Array {
  return packRanks(ranks);
}
