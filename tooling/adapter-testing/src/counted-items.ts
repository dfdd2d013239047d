import type { ResponseItem } from "@ctx/protocol";
import { deepFreeze } from "@ctx/protocol/internal";

/** Items whose property reads are counted, to tell which items a mapping looked at. */
export interface CountedItems {
  /** Frozen copies of the items given, each behind a proxy that counts the reads of it. */
  readonly items: readonly ResponseItem[];
  /** How many properties of each item were read since the last `reset`, in order. */
  reads(): number[];
  reset(): void;
}

/**
 * Deep-frozen copies of `items` (as a session holds them) whose top-level property reads are
 * counted: an item a mapping converts or checks is read; one whose result it keeps is not.
 */
export function countedItems(items: readonly ResponseItem[]): CountedItems {
  const counts = items.map(() => 0);
  const proxies = items.map(
    (item, index) =>
      new Proxy(deepFreeze(structuredClone(item)), {
        get(target, key, receiver) {
          counts[index] = (counts[index] ?? 0) + 1;
          return Reflect.get(target, key, receiver);
        },
      }),
  );
  return {
    items: proxies,
    reads: () => counts.slice(),
    reset: () => counts.fill(0),
  };
}
