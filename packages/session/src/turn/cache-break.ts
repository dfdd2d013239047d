import type { ResponseItem } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import type { Origin } from "../history/origin.js";
import type { PromptView } from "../history/prompt-builder.js";

/**
 * Why a request's input does not begin with the previous request's input, so the provider's
 * prompt cache cannot reuse it: the first position that differs, the items on both sides, and
 * the fragment kinds and sections of whichever side was injected context.
 */
export interface CacheBreak {
  /** The first index at which the inputs differ. */
  readonly index: number;
  /** The previous request's item there; `undefined` when this input is longer at that point. */
  readonly previous: ResponseItem | undefined;
  /** This request's item there; `undefined` when this input is shorter. */
  readonly current: ResponseItem | undefined;
  /** Where the previous item came from (`undefined` for a synthetic output). */
  readonly previousOrigin: Origin | undefined;
  /** Where this item came from (`undefined` for a synthetic output). */
  readonly currentOrigin: Origin | undefined;
  /** The fragment kinds behind the differing items, previous side first, without repeats. */
  readonly kinds: readonly string[];
  /** The sections of those kinds, without repeats. */
  readonly sections: readonly string[];
  /** One sentence for people. */
  readonly message: string;
}

/**
 * The {@link CacheBreak} between two prompt views, or `undefined` when `current` begins with
 * `previous` item for item. Two views of one unchanged history are told apart in constant time;
 * otherwise unchanged items are the same objects, so the walk compares references and
 * serialises only where they differ.
 */
export function explainCacheBreak(
  previous: PromptView,
  current: PromptView,
  registry: Registry,
): CacheBreak | undefined {
  if (current.extends(previous) === true) return undefined;
  let index = 0;
  for (; index < previous.length; index += 1) {
    const left = previous.itemAt(index);
    const right = current.itemAt(index);
    if (left === right) continue;
    if (right === undefined || JSON.stringify(left) !== JSON.stringify(right)) break;
  }
  if (index === previous.length) return undefined;
  const previousOrigin = previous.entryAt(index)?.origin;
  const currentOrigin = index < current.length ? current.entryAt(index)?.origin : undefined;
  const kinds = [
    ...new Set(
      [previousOrigin, currentOrigin].flatMap((origin) =>
        origin?.source === "context" ? origin.kinds : [],
      ),
    ),
  ];
  const sections = [...new Set(kinds.flatMap((type) => registry.get(type)?.section?.id ?? []))];
  const cause =
    kinds.length > 0
      ? `injected context (${kinds.join(", ")})`
      : previousOrigin === undefined
        ? "a synthetic output for a call that had none"
        : `an item from the ${previousOrigin.source}`;
  return {
    index,
    previous: previous.itemAt(index),
    current: current.itemAt(index),
    previousOrigin,
    currentOrigin,
    kinds,
    sections,
    message:
      index < current.length
        ? `the input differs from the previous request's at item ${index}: ${cause} changed or was removed`
        : `the input is shorter than the previous request's from item ${index}: ${cause} was removed`,
  };
}
