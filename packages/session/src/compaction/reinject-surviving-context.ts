import type { Registry } from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import type { HistoryEntry } from "../history/origin.js";
import { survivesCompaction } from "../injected/survives-compaction.js";
import type { Tokenizer } from "../tokens/tokenizer.js";

/** What {@link reinjectSurvivingContext} reads besides the histories. */
export interface ReinjectionOptions {
  readonly registry: Registry;
  readonly tokenizer: Tokenizer;
  /** The most tokens the context put back may take. */
  readonly budget: number;
}

/**
 * `compacted` with the context of `before` that survives compaction (see
 * {@link survivesCompaction}: skill bodies, just-in-time AGENTS.md, an extension's kinds that
 * declare it) put back after it, in the order it was recorded. The newest is kept first while it
 * fits `options.budget`; a text recorded twice is kept once (its newest copy), and one the
 * compacted history holds already is not added again. Each message left out for the budget is
 * named in a `compaction-dropped-injected-context` warning.
 */
export function reinjectSurvivingContext(
  before: readonly HistoryEntry[],
  compacted: readonly HistoryEntry[],
  options: ReinjectionOptions,
): { entries: HistoryEntry[]; warnings: CtxWarning[] } {
  const { registry, tokenizer } = options;
  const seen = new Set(compacted.filter(({ origin }) => origin.source === "context").map(textOf));
  const kept: HistoryEntry[] = [];
  const warnings: CtxWarning[] = [];
  let remaining = options.budget;
  for (let index = before.length - 1; index >= 0; index--) {
    const entry = before[index];
    if (entry === undefined || !survivesCompaction(registry, entry.origin)) continue;
    const text = textOf(entry);
    if (seen.has(text)) continue;
    seen.add(text);
    const tokens = tokenizer.count(text);
    if (tokens > remaining) {
      warnings.push(droppedWarning(entry, tokens, options.budget));
      continue;
    }
    remaining -= tokens;
    kept.push(entry);
  }
  return { entries: [...compacted, ...kept.reverse()], warnings };
}

/** The text of an entry's message, its parts joined; empty for any other item. */
function textOf({ item }: HistoryEntry): string {
  if (item.type !== "message") return "";
  return item.content.map((part) => ("text" in part ? part.text : "")).join("");
}

/** A warning naming injected context a compaction left out: its kinds and its cost. */
export interface DroppedContextWarning extends CtxWarning {
  readonly code: "compaction-dropped-injected-context";
  /** The fragment kind of each text of the message left out. */
  readonly kinds: readonly string[];
  /** What it would have cost, in tokens. */
  readonly tokens: number;
}

function droppedWarning(
  entry: HistoryEntry,
  tokens: number,
  budget: number,
): DroppedContextWarning {
  const kinds = entry.origin.source === "context" ? entry.origin.kinds : [];
  const opening = (
    textOf(entry)
      .split("\n")
      .find((line) => line.trim() !== "") ?? ""
  ).slice(0, 80);
  return {
    code: "compaction-dropped-injected-context",
    kinds,
    tokens,
    message: `injected context of kind ${kinds.join(", ")} ("${opening}", ${tokens} tokens) was left out of the compacted history: the newer injected context took the ${budget} tokens kept for it`,
  };
}
