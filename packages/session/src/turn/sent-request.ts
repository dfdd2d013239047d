import type { ResponseItem } from "@ctx/protocol";
import type { Origin } from "../history/origin.js";
import type { PromptView } from "../history/prompt-builder.js";

/**
 * The leading items of a request as it was sent, each with its origin (`undefined` for a
 * synthetic output): what a compaction checkpoint keeps of the last request before it, so the
 * first request after a resume from that checkpoint can say where it breaks the prompt cache.
 */
export interface SentRequest {
  readonly items: readonly ResponseItem[];
  readonly origins: readonly (Origin | undefined)[];
}

/**
 * The part of `view` a request after a compaction to `compactedLength` items can share with it:
 * its leading context and as many items again as the compacted history holds, plus one. The
 * request after the compaction sends context, then the compacted history (whose summary or
 * provider item is new), so it parts from `view` within that many items, and comparing with
 * this part finds the same break as comparing with the whole of `view`. Its size is bounded by
 * the compacted history's, not by the history before it.
 */
export function sentRequestPrefix(view: PromptView, compactedLength: number): SentRequest {
  let leadingContext = 0;
  while (
    leadingContext < view.length &&
    view.entryAt(leadingContext)?.origin.source === "context"
  ) {
    leadingContext += 1;
  }
  const length = Math.min(view.length, leadingContext + compactedLength + 1);
  const items = Array.from({ length }, (_, index) => view.itemAt(index) as ResponseItem);
  return {
    items,
    origins: items.map((_, index) => view.entryAt(index)?.origin),
  };
}

/** A prompt view of a request a checkpoint kept, to compare the next request with. */
export function viewOfSentRequest(request: SentRequest): PromptView {
  const { items, origins } = request;
  return {
    items,
    length: items.length,
    itemAt: (index) => items[index],
    entryAt: (index) => {
      const item = items[index];
      const origin = origins[index];
      return item === undefined || origin === undefined ? undefined : { item, origin };
    },
    historyIndexAt: () => undefined,
    extends: () => undefined,
  };
}
