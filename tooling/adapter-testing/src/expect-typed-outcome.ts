import { responseItemSchema } from "@ctx/protocol";
import { expect } from "vitest";

/**
 * Runs an answer mapping on what a provider could send and checks its outcome: either an answer
 * whose every item is one the session can record (it fits `responseItemSchema`) and whose
 * warnings are a list, or a rejection that `isTyped` recognises (the adapter's own error), never
 * a raw `TypeError` or the like.
 */
export async function expectTypedOutcome(
  run: () => unknown,
  isTyped: (error: unknown) => boolean,
): Promise<void> {
  let answer: unknown;
  try {
    answer = await run();
  } catch (error) {
    if (!isTyped(error)) throw new Error(`the mapping threw an untyped error: ${String(error)}`);
    return;
  }
  const items: unknown = Reflect.get(Object(answer), "items");
  expect(Array.isArray(items)).toBe(true);
  for (const item of items as unknown[]) {
    const parsed = responseItemSchema.safeParse(item);
    if (!parsed.success) {
      throw new Error(
        `the mapping returned an item the session cannot record: ${JSON.stringify(item)}`,
      );
    }
  }
  expect(Array.isArray(Reflect.get(Object(answer), "warnings") ?? [])).toBe(true);
}
