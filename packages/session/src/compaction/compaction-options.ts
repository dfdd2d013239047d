import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import type { PruneOptions } from "./prune-tool-outputs.js";

/** How a session compacts; see {@link SessionOptions.compaction}. */
export interface CompactionOptions {
  /**
   * Rules added to the library's compaction prompt (what to keep, say), after it: they add to
   * the default rules and never replace them.
   */
  readonly guidance?: string;
  /** How long the summarizer may take, in milliseconds; two minutes when omitted. */
  readonly summaryTimeout?: number;
  /**
   * Whether old tool outputs are replaced by a short placeholder in the summarizer's request:
   * `true` protects the newest 40,000 tokens of tool output and prunes only when that frees
   * 20,000 tokens or more; off when omitted.
   */
  readonly pruneToolOutputs?: boolean | Partial<PruneOptions>;
  /**
   * How many tokens of context recorded beside the turn state (skill bodies, just-in-time
   * AGENTS.md, an extension's kinds that declare `survivesCompaction`) a compaction puts back
   * after the summary, newest first; 10,000 when omitted, 0 to put none back. A whole number.
   */
  readonly injectedContextTokens?: number;
  /**
   * The name of the recall tool the model is offered (`recallToolDefinition.name`, say): each
   * summary then ends with a sentence telling the model that what it leaves out can be read back
   * exactly with that tool. No sentence when omitted.
   */
  readonly recallTool?: string;
  /**
   * Whether the typed state a compaction keeps (always, in its rollout record) is also shown to
   * the model: a `compaction_state` fragment just before the summary. Off when omitted, so the
   * compacted history keeps the reference's layout.
   */
  readonly renderState?: boolean;
}

/** The schema of {@link CompactionOptions}. */
export const compactionOptionsSchema = lazySchema(() =>
  z.strictObject({
    guidance: z.string().optional(),
    summaryTimeout: z.number().int().positive().optional(),
    pruneToolOutputs: z
      .union([
        z.boolean(),
        z.strictObject({
          protectTokens: z.number().int().min(0).optional(),
          minimumTokens: z.number().int().min(0).optional(),
        }),
      ])
      .optional(),
    injectedContextTokens: z.number().int().min(0).optional(),
    recallTool: z
      .string()
      .regex(/^[a-zA-Z0-9_-]{1,64}$/, "expected a tool name of 1 to 64 letters, digits, _ or -")
      .optional(),
    renderState: z.boolean().optional(),
  }),
);

/** The tokens of surviving injected context a compaction puts back when the option is omitted. */
export const defaultInjectedContextTokens = 10_000;

/** Two minutes. */
export const defaultSummaryTimeout = 120_000;

/** The pruning `options` ask for, or `undefined` when it is off. */
export function resolvePruneOptions(options: CompactionOptions): PruneOptions | undefined {
  const { pruneToolOutputs } = options;
  if (pruneToolOutputs === undefined || pruneToolOutputs === false) return undefined;
  const given = pruneToolOutputs === true ? {} : pruneToolOutputs;
  return {
    protectTokens: given.protectTokens ?? 40_000,
    minimumTokens: given.minimumTokens ?? 20_000,
  };
}
