import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";

/** What set a compaction off. */
export const compactionTriggerSchema = lazySchema(() =>
  z.enum(["manual", "server", "context-limit", "model-downshift", "mid-turn"]),
);

/**
 * What set a compaction off: `manual` (`session.compact()`), `server` (a provider's compacted
 * items installed with `session.compact({ replacement })`), `context-limit` (before a turn, the
 * history was over the limit), `model-downshift` (before a turn, the next model's smaller window
 * could not hold it; the previous model wrote the summary), `mid-turn` (the model's output left
 * the history over the limit).
 */
export type CompactionTrigger = z.infer<typeof compactionTriggerSchema>;

/** What a compaction did, for the request that follows it. */
export interface CompactionReport {
  readonly trigger: CompactionTrigger;
  /** How many items the request had before, and has after. */
  readonly itemsBefore: number;
  readonly itemsAfter: number;
  /** The tokens of the history before, and after (the base instructions included). */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  /** Every cut made: messages dropped or cut, a summary the session had to write itself, … */
  readonly warnings: readonly CtxWarning[];
}
