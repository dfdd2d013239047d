// The scripted hard session of issue 45 through @ctx/session and each adapter's mapping, on the
// providers' caches as @ctx/cache-simulator simulates their documented rules: how much of the
// input is read from cache, every request that missed, with what was planted before it and what
// the session predicted before sending it (its cause and the tokens at stake), and the issue's
// goals: the share read from cache outside the unavoidable misses, the avoidable misses, each
// compaction's summary request. Each provider runs with the adapters' defaults and with their
// opt-in placement (Anthropic's breakpoint planner, OpenAI's explicit mode).
// `CTX_BENCH_QUICK=1` runs 24 turns (CI's proof that it runs); the full size is 200 turns.

import { loadDefaultTokenizer } from "@ctx/session";
import { isQuickBench } from "@ctx/vitest-config/bench";
import { checkCachePredictions } from "../src/cache-prediction-check.js";
import { measureCacheGoals } from "../src/cache-session-goals.js";
import {
  anthropicCacheProvider,
  explicitOpenAICacheProvider,
  openAICacheProvider,
  plannedAnthropicCacheProvider,
} from "../src/cache-session-providers.js";
import { reportCacheSession } from "../src/cache-session-report.js";
import { type CacheSessionPlan, runCacheSession } from "../src/provider-cache-session.js";

const print = (line: string) => process.stdout.write(`${line}\n`);
const percent = (share: number) => `${(100 * share).toFixed(2)}%`;
const quick = isQuickBench();
const plan: CacheSessionPlan = quick
  ? {
      turns: 24,
      parallelCalls: 12,
      compactBefore: [5, 11, 17],
      resumeBefore: 14,
      addToolAt: 9,
      switchModelAt: 21,
      idleMinutes: (turn) => ({ 3: 6, 7: 35, 13: 70, 19: 20 })[turn] ?? 0.5,
    }
  : {
      turns: 200,
      parallelCalls: 12,
      compactBefore: [55, 105, 155],
      resumeBefore: 125,
      addToolAt: 95,
      switchModelAt: 185,
      // Idle gaps of 6 to 90 minutes: seven past an hour, the others within it.
      idleMinutes: (turn) =>
        turn === 190
          ? 90
          : turn % 30 === 20
            ? 70
            : turn % 20 === 10
              ? 6
              : turn % 25 === 13
                ? 35
                : turn % 40 === 3
                  ? 15
                  : 0.5,
    };

const tokenizer = await loadDefaultTokenizer();
for (const [name, provider, longestLifetime] of [
  ["anthropic", anthropicCacheProvider(tokenizer), 60],
  ["anthropic, breakpoint planner told of idle gaps", plannedAnthropicCacheProvider(tokenizer), 60],
  [
    "anthropic, breakpoint planner foreseeing idle gaps from the clock",
    plannedAnthropicCacheProvider(tokenizer, { foresee: true }),
    60,
  ],
  ["openai", openAICacheProvider(tokenizer), 24 * 60],
  ["openai, explicit mode", explicitOpenAICacheProvider(tokenizer), 12 * 60],
] as const) {
  const started = performance.now();
  const run = await runCacheSession(plan, provider);
  const served = run.requests;
  const report = reportCacheSession(served);
  const check = checkCachePredictions(served, report);
  const goals = measureCacheGoals(run, report, longestLifetime);
  print(
    `${name}: ${report.requests} requests, ${report.inputTokens.toLocaleString("en")} input tokens, ` +
      `${percent(report.cachedTokens / report.inputTokens)} read from cache, ${report.writtenTokens.toLocaleString("en")} written, ` +
      `${report.breaks.length} breaks, ${report.misses.length} misses (${Math.round(performance.now() - started)} ms)`,
  );
  for (const [what, losses] of [
    ["break", report.breaks],
    ["miss", report.misses],
  ] as const) {
    for (const loss of losses) {
      const cause = loss.planted.length === 0 ? "nothing planted" : loss.planted.join(" + ");
      const request = served.find(({ turn, step }) => turn === loss.turn && step === loss.step);
      const predicted =
        request === undefined || request.predicted.length === 0
          ? "nothing predicted"
          : `predicted ${request.predicted.join(" + ")}, ${request.predictedTokens.toLocaleString("en")} tokens at stake` +
            (request.predictedDollars === undefined
              ? ""
              : ` ($${request.predictedDollars.toFixed(4)})`);
      print(
        `  ${what} at turn ${loss.turn} step ${loss.step}: ${loss.lostTokens.toLocaleString("en")} tokens lost after ${cause}; ${predicted}`,
      );
    }
  }
  print(
    `  prediction: ${check.predictedCauses} of ${check.plantedCauses} planted causes predicted with their cause, ` +
      `${check.unpredicted.length} losses without their cause predicted, ` +
      `${check.falseAlarms.length} false alarms over ${check.cleanTransitions} clean transitions`,
  );
  for (const request of [...check.unpredicted, ...check.falseAlarms]) {
    print(
      `  at turn ${request.turn} step ${request.step}: planted ${request.planted.join(" + ") || "nothing"}, predicted ${request.predicted.join(" + ") || "nothing"}`,
    );
  }
  print(
    `  goals: ${percent(goals.cachedShare)} read from cache outside the unavoidable misses (${percent(goals.repeatedShare)} repeated the request before; ` +
      `${percent(goals.repeatedCachedShare)} of what repeated was read), ` +
      `${goals.avoidable.length} avoidable losses, ${goals.compactionsWithoutPrefix.length} compactions that lost the tools and system prefix, ` +
      `summary requests ${goals.summaryShares.map(percent).join(", ")} read from cache`,
  );
  for (const request of goals.avoidable) {
    print(
      `  avoidable at turn ${request.turn} step ${request.step}: idle ${request.idleMinutes} minutes before`,
    );
  }
}
