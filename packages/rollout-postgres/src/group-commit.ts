import { RolloutError } from "@ctx/rollout";

/** How a {@link GroupCommit} writes its items and how much one flush may hold. */
export interface GroupCommitOptions<Item, Outcome> {
  /**
   * Writes the items of one flush in one transaction and resolves, once it has committed, with
   * one outcome per item in the same order. A rejection fails every item of the flush with it.
   */
  readonly write: (items: readonly Item[]) => Promise<readonly Outcome[]>;
  /** Items with the same key never share a flush: a later one waits for the next, in order. */
  readonly key: (item: Item) => string;
  /** The weight of an item (its bytes, say), counted against {@link maxWeight}. */
  readonly weight: (item: Item) => number;
  /** The most items one flush holds. */
  readonly maxItems: number;
  /** The most weight one flush holds; an item heavier than this goes alone. */
  readonly maxWeight: number;
  /** The most flushes written at once. */
  readonly maxFlushes: number;
}

/** Items submitted one by one, written together: every item waiting when a flush starts joins it. */
export interface GroupCommit<Item, Outcome> {
  /** Queues an item; resolves with its outcome once the flush holding it has committed. */
  submit(item: Item): Promise<Outcome>;
}

interface Waiting<Item, Outcome> {
  readonly item: Item;
  readonly resolve: (outcome: Outcome) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Coalesces items submitted one at a time into flushes: in the next turn of the event loop, or
 * as soon as a running flush ends (at most `maxFlushes` run at once), a flush takes every waiting
 * item, in order, up to `maxItems` and `maxWeight`, and never two with the same key. While flushes run, new items wait, so the
 * busier the writers, the larger the flushes. An item's promise settles only with the outcome
 * of the flush that wrote it.
 *
 * @throws {RolloutError} `invalid-argument` for limits that are not whole numbers of 1 or more.
 */
export function createGroupCommit<Item, Outcome>(
  options: GroupCommitOptions<Item, Outcome>,
): GroupCommit<Item, Outcome> {
  for (const limit of ["maxItems", "maxWeight", "maxFlushes"] as const)
    if (!Number.isInteger(options[limit]) || options[limit] < 1)
      throw new RolloutError(
        "invalid-argument",
        `invalid group commit options: ${limit} must be a whole number of 1 or more`,
      );
  let queue: Waiting<Item, Outcome>[] = [];
  let running = 0;
  let scheduled = false;

  /**
   * The next flush: waiting items in order, within the limits, one per key; the others stay in
   * the queue, in order. One pass over the queue, whatever its length.
   */
  function take(): Waiting<Item, Outcome>[] {
    const taken: Waiting<Item, Outcome>[] = [];
    const left: Waiting<Item, Outcome>[] = [];
    const keys = new Set<string>();
    let weight = 0;
    let index = 0;
    for (; index < queue.length && taken.length < options.maxItems; index += 1) {
      const waiting = queue[index] as Waiting<Item, Outcome>;
      const key = options.key(waiting.item);
      const itemWeight = options.weight(waiting.item);
      // A key seen here stays out of this flush from now on, so its items keep their order.
      const fits =
        !keys.has(key) && (taken.length === 0 || weight + itemWeight <= options.maxWeight);
      keys.add(key);
      if (!fits) {
        left.push(waiting);
        continue;
      }
      weight += itemWeight;
      taken.push(waiting);
    }
    queue = index === queue.length ? left : left.concat(queue.slice(index));
    return taken;
  }

  function pump(): void {
    while (running < options.maxFlushes && queue.length > 0) {
      const flush = take();
      running += 1;
      void write(flush).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  async function write(flush: readonly Waiting<Item, Outcome>[]): Promise<void> {
    try {
      const outcomes = await options.write(flush.map((waiting) => waiting.item));
      for (const [index, waiting] of flush.entries()) waiting.resolve(outcomes[index] as Outcome);
    } catch (error) {
      for (const waiting of flush) waiting.reject(error);
    }
  }

  return {
    submit: (item) =>
      new Promise<Outcome>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Items submitted in the same turn of the event loop share a flush.
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          pump();
        });
      }),
  };
}
