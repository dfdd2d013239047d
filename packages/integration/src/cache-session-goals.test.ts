import { approximateTokenizer } from "@ctx/session";
import { describe, expect, it } from "vitest";
import { checkCachePredictions } from "./cache-prediction-check.js";
import { measureCacheGoals } from "./cache-session-goals.js";
import {
  anthropicCacheProvider,
  explicitOpenAICacheProvider,
  openAICacheProvider,
  plannedAnthropicCacheProvider,
} from "./cache-session-providers.js";
import { reportCacheSession } from "./cache-session-report.js";
import { type CacheSessionPlan, runCacheSession } from "./provider-cache-session.js";

// Issue 45's harder session at a small size (the bench runs 200 turns): 12 calls at once, three
// compactions, a resume, a tool added, a model switch, and idle gaps of 6, 20 and 35 minutes
// (within an hour) and of 70 (past it).
const hard: CacheSessionPlan = {
  turns: 16,
  parallelCalls: 12,
  compactBefore: [4, 8, 12],
  resumeBefore: 10,
  addToolAt: 6,
  switchModelAt: 14,
  idleMinutes: (turn) => ({ 2: 6, 5: 70, 9: 35, 13: 20 })[turn] ?? 0.5,
};

async function measured(provider: typeof anthropicCacheProvider, longestLifetime: number) {
  const run = await runCacheSession(hard, provider(approximateTokenizer));
  const report = reportCacheSession(run.requests);
  return {
    compactions: run.requests.filter((request) => request.planted.includes("compaction")),
    check: checkCachePredictions(run.requests, report),
    goals: measureCacheGoals(run, report, longestLifetime),
  };
}

const at = (requests: readonly { turn: number; step: number }[]) =>
  requests.map(({ turn, step }) => [turn, step]);

describe("issue 45's harder cache session", () => {
  it.each([
    ["Anthropic with the breakpoint planner", plannedAnthropicCacheProvider, 60, 6],
    ["OpenAI in explicit mode", explicitOpenAICacheProvider, 720, 5],
  ] as const)(
    "on %s loses cache only to unavoidable causes, each foreseen",
    async (_, provider, longest, planted) => {
      const { check, goals } = await measured(provider, longest);
      expect(goals.avoidable).toEqual([]);
      // Every token that repeats the request before is read from cache; what is left is new.
      expect(goals.repeatedCachedShare).toBeGreaterThanOrEqual(0.99);
      expect(goals.compactionsWithoutPrefix).toEqual([]);
      expect(goals.summaryShares).toHaveLength(3);
      for (const share of goals.summaryShares) expect(share).toBeGreaterThanOrEqual(0.95);
      expect([check.plantedCauses, check.predictedCauses]).toEqual([planted, planted]);
      expect(check.unpredicted).toEqual([]);
      expect(check.falseAlarms).toEqual([]);
      expect(check.cleanTransitions).toBeGreaterThanOrEqual(24);
    },
  );

  it("loses the gaps within an hour to the fixed 5-minute breakpoints, which the planner keeps", async () => {
    const { check, goals, compactions } = await measured(anthropicCacheProvider, 60);
    // The first system block's breakpoint keeps the tools and instructions across compactions.
    expect(goals.compactionsWithoutPrefix).toEqual([]);
    for (const request of compactions) expect(request.stableTokens).toBeGreaterThan(1024);
    expect(at(goals.avoidable)).toEqual([
      [2, 0],
      [9, 0],
      [13, 0],
    ]);
    // Those gaps cost a tenth of what repeated (89% read at this size).
    expect(goals.repeatedCachedShare).toBeLessThan(0.95);
    expect(check.falseAlarms).toEqual([]);
    expect(check.unpredicted).toEqual([]);
  });

  it("keeps the tools and instructions across compactions on OpenAI's automatic cache too", async () => {
    const { goals, compactions } = await measured(openAICacheProvider, 24 * 60);
    expect(goals.compactionsWithoutPrefix).toEqual([]);
    for (const request of compactions) expect(request.stableTokens).toBeGreaterThan(1024);
  });
});
