import type { ResponseItem } from "@ctx/protocol";
import { declareExtension } from "@ctx/protocol/mapping";
import type { ModelRequest } from "@ctx/session";
import { countedItems } from "./counted-items.js";
import { longHistory, longHistoryContext, startedSession } from "./long-history.js";

/** How many items the mappings of two turns read; see {@link historyReadsOnNextTurn}. */
export interface HistoryReads {
  /** The items of the first turn's request. */
  readonly items: number;
  /** How many of them the first turn's mapping read. */
  readonly firstTurn: number;
  /** How many of them the next turn's mapping read. */
  readonly nextTurn: number;
  /** How many items the next turn's request added. */
  readonly added: number;
  /** How many elements of the next turn's input array its mapping read (old and new). */
  readonly nextTurnElements: number;
}

/**
 * Maps two turns of a real session on a history of about 200 items with `map`, and counts the
 * items of the first turn's request that each mapping read (see {@link countedItems}): the first
 * mapping converts them all; the next, whose request adds the turn's items, should read none of
 * them. Each item the session hands out is given to `map` as one counted copy, the same object
 * on both turns, as the session gives the same item again; counts are taken around `map` alone.
 * The next turn's input is declared to extend the first's, as the session declares its own, and
 * the reads of its elements are counted too: a mapping that goes on from the declaration reads
 * the new items alone.
 */
export async function historyReadsOnNextTurn(
  map: (request: ModelRequest) => unknown,
): Promise<HistoryReads> {
  const session = await startedSession(longHistory(200));
  const first = await session.beginTurn(longHistoryContext, "again");
  const counted = countedItems(first.input);
  const copies = new Map<ResponseItem, ResponseItem>();
  first.input.forEach((item, index) => {
    const copy = counted.items[index];
    if (copy !== undefined) copies.set(item, copy);
  });
  const readCount = () => counted.reads().filter((reads) => reads > 0).length;
  counted.reset();
  const firstInput = [...counted.items];
  map({ ...first, input: firstInput });
  const firstTurn = readCount();
  const next = await session.beginTurn(longHistoryContext, "next");
  let elementReads = 0;
  const nextInput = new Proxy(
    next.input.map((item) => copies.get(item) ?? item),
    {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) elementReads += 1;
        return Reflect.get(target, key, receiver);
      },
    },
  );
  declareExtension(nextInput, firstInput);
  counted.reset();
  elementReads = 0;
  map({ ...next, input: nextInput });
  return {
    items: first.input.length,
    firstTurn,
    nextTurn: readCount(),
    added: next.input.length - first.input.length,
    nextTurnElements: elementReads,
  };
}
