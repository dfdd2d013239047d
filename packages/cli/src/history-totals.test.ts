import { describe, expect, it } from "vitest";
import { HistoryTotals } from "./history-totals.js";

/** A text's size, its tokens a quarter of its bytes. */
const size = (bytes: number) => ({ bytes, tokens: bytes / 4 });

function history(window: number): HistoryTotals {
  const totals = new HistoryTotals(window);
  totals.add("environment_context", size(60), false);
  for (const turn of [1, 2, 3]) {
    totals.add("user_intent", size(10 * turn), true);
    totals.add("reasoning", size(100), false);
  }
  return totals;
}

describe("HistoryTotals", () => {
  it("sums the history by kind, in the order the kinds first appear", () => {
    expect([...history(10).byKind()]).toEqual([
      ["environment_context", size(60)],
      ["user_intent", size(60)],
      ["reasoning", size(300)],
    ]);
  });

  it("takes the last turns off on a rollback, and a kind that is gone leaves the sums", () => {
    const totals = history(10);
    expect(totals.rollBack(2)).toEqual({ items: 4, beyondWindow: false });
    expect([...totals.byKind()]).toEqual([
      ["environment_context", size(60)],
      ["user_intent", size(10)],
      ["reasoning", size(100)],
    ]);
    expect(totals.rollBack(1)).toEqual({ items: 2, beyondWindow: false });
    expect([...totals.byKind()]).toEqual([["environment_context", size(60)]]);
  });

  it("drops nothing when asked for more turns than the history holds", () => {
    const totals = history(10);
    expect(totals.rollBack(4)).toEqual({ items: 0, beyondWindow: false });
    expect(totals.byKind().get("user_intent")).toEqual(size(60));
  });

  it("folds turns older than the window, and says so when a rollback reaches them", () => {
    const totals = history(2);
    expect(totals.byKind().get("user_intent")).toEqual(size(60));
    expect(totals.rollBack(3)).toEqual({ items: 4, beyondWindow: true });
    expect([...totals.byKind()]).toEqual([
      ["environment_context", size(60)],
      ["user_intent", size(10)],
      ["reasoning", size(100)],
    ]);
  });

  it("starts again empty after a compaction", () => {
    const totals = history(10);
    totals.clear();
    totals.add("user_intent", size(5), true);
    expect([...totals.byKind()]).toEqual([["user_intent", size(5)]]);
    expect(totals.rollBack(1)).toEqual({ items: 1, beyondWindow: false });
  });

  it("keeps only the newest turns whole at a compaction that keeps them, everything when asked for all", () => {
    const totals = history(10);
    expect(totals.keepNewest(2)).toEqual({ beyondWindow: false });
    expect([...totals.byKind()]).toEqual([
      ["user_intent", size(50)],
      ["reasoning", size(200)],
    ]);
    const all = history(10);
    expect(all.keepNewest(3)).toEqual({ beyondWindow: false });
    expect(all.tokens()).toBe(history(10).tokens());
    const folded = history(2);
    expect(folded.keepNewest(5)).toEqual({ beyondWindow: true });
  });

  it("refuses a window that is not a positive integer", () => {
    expect(() => new HistoryTotals(0)).toThrow("window must be a positive integer, not 0");
  });
});
