import { describe, expect, it } from "vitest";
import { createGroupCommit, type GroupCommitOptions } from "./group-commit.js";

interface Item {
  readonly key: string;
  readonly value: number;
  readonly weight?: number;
}

/** A group commit over a writer that records each flush and answers each item with its value doubled. */
function recorded(
  limits: Partial<Pick<GroupCommitOptions<Item, number>, "maxItems" | "maxWeight" | "maxFlushes">>,
  fail?: (items: readonly Item[]) => boolean,
) {
  const flushes: number[][] = [];
  let running = 0;
  let mostRunning = 0;
  const commit = createGroupCommit<Item, number>({
    write: async (items) => {
      flushes.push(items.map((item) => item.value));
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (fail?.(items)) throw new Error("the flush failed");
      return items.map((item) => item.value * 2);
    },
    key: (item) => item.key,
    weight: (item) => item.weight ?? 1,
    maxItems: limits.maxItems ?? 100,
    maxWeight: limits.maxWeight ?? 1_000,
    maxFlushes: limits.maxFlushes ?? 1,
  });
  return { commit, flushes, mostRunning: () => mostRunning };
}

describe("createGroupCommit", () => {
  it("writes the items submitted together in one flush and answers each with its own outcome", async () => {
    const { commit, flushes } = recorded({});
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, value) => commit.submit({ key: `s${value}`, value })),
    );
    expect(outcomes).toEqual(Array.from({ length: 10 }, (_, value) => value * 2));
    expect(flushes).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
  });

  it("gathers what arrives during a flush into the next one, up to the flushes allowed at once", async () => {
    const { commit, flushes, mostRunning } = recorded({ maxFlushes: 2 });
    const first = commit.submit({ key: "a", value: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    const second = commit.submit({ key: "b", value: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    // Both flushes are running now: these wait, then go together.
    const rest = [3, 4, 5].map((value) => commit.submit({ key: `k${value}`, value }));
    await Promise.all([first, second, ...rest]);
    expect(flushes).toEqual([[1], [2], [3, 4, 5]]);
    expect(mostRunning()).toBe(2);
  });

  it("never puts two items of one key in a flush, and writes them in the order submitted", async () => {
    const { commit, flushes } = recorded({});
    await Promise.all([
      commit.submit({ key: "a", value: 1 }),
      commit.submit({ key: "a", value: 2 }),
      commit.submit({ key: "b", value: 3 }),
      commit.submit({ key: "a", value: 4 }),
    ]);
    expect(flushes).toEqual([[1, 3], [2], [4]]);
  });

  it("keeps each flush within its count and weight, an item heavier than the limit going alone", async () => {
    const { commit, flushes } = recorded({ maxItems: 3, maxWeight: 10 });
    await Promise.all([
      ...[1, 2, 3, 4].map((value) => commit.submit({ key: `k${value}`, value })),
      commit.submit({ key: "heavy", value: 5, weight: 50 }),
      commit.submit({ key: "k6", value: 6, weight: 9 }),
    ]);
    expect(flushes).toEqual([[1, 2, 3], [4, 6], [5]]);
  });

  it("fails the items of a failed flush with its error, and no other", async () => {
    const { commit } = recorded({}, (items) => items.some((item) => item.value === 2));
    const first = commit.submit({ key: "a", value: 1 });
    const second = commit.submit({ key: "b", value: 2 });
    const later = commit.submit({ key: "a", value: 3 });
    await expect(first).rejects.toThrow("the flush failed");
    await expect(second).rejects.toThrow("the flush failed");
    await expect(later).resolves.toBe(6);
  });

  it("refuses limits that are not whole numbers of 1 or more", () => {
    for (const limits of [{ maxItems: 0 }, { maxWeight: 1.5 }, { maxFlushes: -1 }])
      expect(() => recorded(limits)).toThrow(expect.objectContaining({ code: "invalid-argument" }));
  });
});
