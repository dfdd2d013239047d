import { describe, expect, it } from "vitest";
import { SubAgentTally } from "./sub-agent-tally.js";

describe("SubAgentTally", () => {
  it("sums each sub-agent apart: its texts, its model's messages as requests, its usage", () => {
    const tally = new SubAgentTally();
    tally.add("a1", 7, { bytes: 10, tokens: 3 }, false, undefined);
    tally.add("a1", 8, { bytes: 20, tokens: 5 }, true, "m1");
    tally.add("a1", 9, { bytes: 5, tokens: 1 }, true, "m1");
    tally.usage("a1", 9, { input: 300, cached: 0, output: 9, reasoning: 0 }, "m1");
    tally.add("a2", 12, { bytes: 4, tokens: 1 }, true, "m2");
    expect(tally.totals()).toEqual([
      {
        thread: "a1",
        line: 7,
        items: 3,
        bytes: 35,
        tokens: 9,
        requests: 1,
        reported: { input: 300, cached: 0, output: 9, reasoning: 0, reports: 1 },
      },
      { thread: "a2", line: 12, items: 1, bytes: 4, tokens: 1, requests: 1 },
    ]);
  });

  it("sums the first 256 sub-agents and counts the texts of the rest", () => {
    const tally = new SubAgentTally();
    for (let index = 0; index < 300; index += 1) {
      tally.add(`a${index}`, index, { bytes: 1, tokens: 1 }, false, undefined);
    }
    expect(tally.totals()).toHaveLength(256);
    expect(tally.leftOut).toBe(44);
  });
});
