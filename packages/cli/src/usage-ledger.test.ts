import { describe, expect, it } from "vitest";
import { UsageLedger, type UsageTarget } from "./usage-ledger.js";

const usage = (input: number, cached = 0, output = 0) => ({ input, cached, output, reasoning: 0 });

describe("UsageLedger", () => {
  it("counts a report written again once, the later copy replacing the earlier", () => {
    const ledger = new UsageLedger();
    const request: UsageTarget = { index: 1 };
    ledger.take(usage(100, 0, 5), "m1", 1, request, false);
    ledger.take(usage(100, 0, 40), "m1", 1, request, false);
    expect(ledger.reported).toEqual({ ...usage(100, 0, 40), reports: 1 });
    expect(request.reported).toEqual(usage(100, 0, 40));
  });

  it("leaves out a report before the first request, and tells a cache break from the next report", () => {
    const ledger = new UsageLedger();
    expect(ledger.take(usage(500), "fork", 0, undefined, false)).toBeUndefined();
    expect(ledger.reported).toBeUndefined();
    expect(ledger.take(usage(1_000, 0), "a", 1, undefined, false)).toBeUndefined();
    expect(ledger.take(usage(1_100, 1_000), "b", 2, undefined, false)).toBeUndefined();
    expect(ledger.take(usage(1_200, 100), "c", 3, undefined, false)).toBe(
      "the provider reported 100 cached of 1200 input tokens, after 1100 input tokens the request before",
    );
    // A request that broke the cache for a known reason (a compaction) is not a break again.
    expect(ledger.take(usage(1_300, 0), "d", 4, undefined, true)).toBeUndefined();
    expect(ledger.reported?.reports).toBe(4);
  });
});
