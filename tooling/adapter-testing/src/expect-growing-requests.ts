import type { ResponseItem } from "@ctx/protocol";
import { expect } from "vitest";
import { countedItems } from "./counted-items.js";

/** Which messages of a mapping must come back as the same objects in the next, longer request. */
export interface KeptMessages {
  /** The first kept index (after messages rebuilt on every call, such as a system message). */
  readonly from: number;
  /** How many messages at the end are rebuilt each time (the last run, cache breakpoints). */
  readonly rebuiltAtEnd: number;
}

/**
 * Maps request after request over `items`, each one item longer (from `firstLength` items), as a
 * session's requests grow, and asserts of each: only the new item is read, the result equals a
 * fresh mapping of unfrozen copies, and every kept message of the previous result is the same
 * frozen object at the same index. Returns the last result.
 */
export function expectGrowingRequests<Result extends { readonly messages: readonly unknown[] }>(
  items: readonly ResponseItem[],
  firstLength: number,
  map: (input: readonly ResponseItem[]) => Result,
  kept: KeptMessages,
): Result {
  const counted = countedItems(items);
  const all = counted.items;
  let previous = map(all.slice(0, firstLength));
  // Copied: the next mapping of a growing request appends to the array the previous one returned.
  let previousMessages = [...previous.messages];
  for (let length = firstLength + 1; length <= all.length; length++) {
    counted.reset();
    const input = all.slice(0, length);
    const result = map(input);
    expect(counted.reads().map((reads) => reads > 0)).toEqual(
      all.map((_, index) => index === length - 1),
    );
    expect(result).toEqual(map(JSON.parse(JSON.stringify(input))));
    const keptMessages = previousMessages.slice(kept.from, -kept.rebuiltAtEnd);
    for (const [offset, message] of keptMessages.entries()) {
      expect(result.messages[kept.from + offset]).toBe(message);
      expect(Object.isFrozen(message)).toBe(true);
    }
    previous = result;
    previousMessages = [...result.messages];
  }
  return previous;
}
