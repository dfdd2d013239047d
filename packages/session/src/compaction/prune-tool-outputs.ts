import type { ResponseItem } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";
import { itemTokens } from "../tokens/count-item-tokens.js";
import type { Tokenizer } from "../tokens/tokenizer.js";

/** What a pruned tool output says in place of what the tool returned. */
export const prunedOutputText =
  "[This tool output was cleared to save context. Run the tool again if its content is needed.]";

/** How much tool output {@link pruneToolOutputs} leaves alone, and when it prunes at all. */
export interface PruneOptions {
  /** The newest tool outputs, up to this many tokens, are kept as they are. */
  readonly protectTokens: number;
  /** Nothing is pruned unless pruning frees at least this many tokens. */
  readonly minimumTokens: number;
}

/** The items after pruning, and a warning when something was pruned. */
export interface PruneResult {
  readonly items: ResponseItem[];
  readonly warnings: CtxWarning[];
}

/**
 * Replaces every tool output older than the newest `protectTokens` tokens of tool output with a
 * short placeholder, when that frees at least `minimumTokens` tokens; otherwise returns `items`
 * as they are. Calls are kept, so every output still has its call.
 */
export function pruneToolOutputs(
  items: readonly ResponseItem[],
  tokenizer: Tokenizer,
  options: PruneOptions,
): PruneResult {
  const placeholderTokens = tokenizer.count(prunedOutputText);
  let seen = 0;
  let freed = 0;
  const pruned = new Set<number>();
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index];
    if (item?.type !== "function_call_output" && item?.type !== "custom_tool_call_output") continue;
    const tokens = itemTokens(item, tokenizer);
    seen += tokens;
    if (seen > options.protectTokens && tokens > placeholderTokens) {
      pruned.add(index);
      freed += tokens - placeholderTokens;
    }
  }
  if (pruned.size === 0 || freed < options.minimumTokens)
    return { items: [...items], warnings: [] };
  return {
    items: items.map((item, index) =>
      pruned.has(index) &&
      (item.type === "function_call_output" || item.type === "custom_tool_call_output")
        ? { ...item, output: prunedOutputText }
        : item,
    ),
    warnings: [
      {
        code: "tool-outputs-pruned",
        message: `${pruned.size} older tool output(s) were replaced by a placeholder before summarizing, freeing about ${freed} tokens`,
      },
    ],
  };
}
