import { approximateTokenizer } from "@ctx/session";
import { describe, expect, it } from "vitest";
import { checkCachePredictions } from "./cache-prediction-check.js";
import { anthropicCacheProvider, openAICacheProvider } from "./cache-session-providers.js";
import { reportCacheSession } from "./cache-session-report.js";
import { type CacheSessionPlan, runCacheSession } from "./provider-cache-session.js";

// 12 calls at once put 24 blocks between one turn's prompt and the next request's end: more
// than Anthropic's 20-block lookback from a single breakpoint.
const plan: CacheSessionPlan = {
  turns: 10,
  parallelCalls: 12,
  compactBefore: [7],
  resumeBefore: 5,
  idleMinutes: (turn) => (turn === 3 ? 6 : 0.5),
};

describe.each([
  ["Anthropic", anthropicCacheProvider],
  ["OpenAI", openAICacheProvider],
] as const)("a long agent session on %s's prompt cache", (_, provider) => {
  it("reads what each request repeats of the previous one, but after an expired entry", async () => {
    const served = (await runCacheSession(plan, provider(approximateTokenizer))).requests;
    const report = reportCacheSession(served);
    expect(report.requests).toBe(20);
    expect(report.misses.map((miss) => [miss.turn, miss.step, miss.planted])).toEqual([
      [3, 0, ["idle-gap"]],
    ]);
    expect(report.breaks.map((loss) => [loss.turn, loss.step, loss.planted])).toEqual([
      [7, 0, ["compaction"]],
    ]);
    // The compaction rewrites the history, not the tools, the instructions and the context.
    const compacted = served.find((request) => request.planted.includes("compaction"));
    expect(compacted?.usage.cachedTokens).toBeGreaterThan(
      0.9 * (compacted?.usage.sharedTokens ?? 0),
    );
    expect(compacted?.usage.sharedTokens).toBeGreaterThan(2000);
    // A resume from the rollout sends what the live session would have: nothing is lost.
    const resumed = served.find((request) => request.planted.includes("resume"));
    expect(resumed?.usage.cachedTokens).toBeGreaterThan(0.9 * (served[9]?.usage.totalTokens ?? 0));
  });
});

// Every cause planted once or more: an expired entry, a compaction, a resume (which must cost
// nothing), a tool added, a model switch.
const hard: CacheSessionPlan = {
  turns: 14,
  parallelCalls: 12,
  compactBefore: [4],
  resumeBefore: 6,
  addToolAt: 8,
  switchModelAt: 11,
  idleMinutes: (turn) => (turn === 2 ? 6 : turn === 9 ? 70 : 0.5),
};

describe.each([
  ["Anthropic", anthropicCacheProvider],
  ["OpenAI", openAICacheProvider],
] as const)("the session's cache prediction on %s's prompt cache", (_, provider) => {
  it("foresees every break and miss with its planted cause, and nothing on clean requests", async () => {
    const served = (await runCacheSession(hard, provider(approximateTokenizer))).requests;
    const report = reportCacheSession(served);
    const check = checkCachePredictions(served, report);
    expect(check.unpredicted).toEqual([]);
    expect(check.falseAlarms).toEqual([]);
    expect([check.plantedCauses, check.predictedCauses]).toEqual([5, 5]);
    expect(check.cleanTransitions).toBe(served.length - 1 - 5);
    // The tokens at stake are the session's count of the text the simulator counts as JSON
    // blocks: within the share the JSON adds, of the tokens the simulator lost.
    for (const loss of [...report.breaks, ...report.misses]) {
      const request = served.find(({ turn, step }) => turn === loss.turn && step === loss.step);
      expect(request?.predictedTokens).toBeGreaterThan(0.6 * loss.lostTokens);
      expect(request?.predictedTokens).toBeLessThanOrEqual(loss.lostTokens);
    }
  });
});

describe("a tool round of more calls than Anthropic's lookback", () => {
  it("is read back through the breakpoint within reach of the previous request's end", async () => {
    const wide = { ...plan, parallelCalls: 25, compactBefore: [], idleMinutes: () => 0.5 };
    const report = reportCacheSession(
      (await runCacheSession(wide, anthropicCacheProvider(approximateTokenizer))).requests,
    );
    expect(report.misses).toEqual([]);
    expect(report.cachedTokens / report.inputTokens).toBeGreaterThan(0.9);
  });
});
