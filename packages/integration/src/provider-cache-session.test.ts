import { approximateTokenizer } from "@ctx/session";
import { describe, expect, it } from "vitest";
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
  it("reads the previous prompt from cache on every request but after an expired entry or a compaction", async () => {
    const served = await runCacheSession(plan, provider(approximateTokenizer));
    const report = reportCacheSession(served);
    expect(report.requests).toBe(20);
    expect(report.misses.map((miss) => [miss.turn, miss.step, miss.planted])).toEqual([
      [3, 0, ["idle-gap"]],
      [7, 0, ["compaction"]],
    ]);
    // A resume from the rollout sends what the live session would have: nothing is lost.
    const resumed = served.find((request) => request.planted.includes("resume"));
    expect(resumed?.usage.cachedTokens).toBeGreaterThan(0.9 * (served[9]?.usage.totalTokens ?? 0));
  });
});
