// The scripted hard session of issue 45 through @ctx/session and each adapter's mapping, on the
// providers' caches as @ctx/cache-simulator simulates their documented rules: how much of the
// input is read from cache, and every request that missed, with what was planted before it and
// what the session predicted before sending it (its cause and the tokens at stake).
// `CTX_BENCH_QUICK=1` runs 24 turns (CI's proof that it runs); the full size is 200 turns.

import { loadDefaultTokenizer } from "@ctx/session";
import { isQuickBench } from "@ctx/vitest-config/bench";
import { checkCachePredictions } from "../src/cache-prediction-check.js";
import { anthropicCacheProvider, openAICacheProvider } from "../src/cache-session-providers.js";
import { reportCacheSession } from "../src/cache-session-report.js";
import { type CacheSessionPlan, runCacheSession } from "../src/provider-cache-session.js";

const print = (line: string) => process.stdout.write(`${line}\n`);
const quick = isQuickBench();
const plan: CacheSessionPlan = quick
  ? {
      turns: 24,
      parallelCalls: 12,
      compactBefore: [8],
      resumeBefore: 12,
      addToolAt: 18,
      switchModelAt: 20,
      idleMinutes: (turn) => (turn === 16 ? 70 : 0.5),
    }
  : {
      turns: 200,
      parallelCalls: 12,
      compactBefore: [55, 105, 155],
      resumeBefore: 125,
      addToolAt: 140,
      switchModelAt: 175,
      idleMinutes: (turn) => (turn % 45 === 30 ? 70 : turn % 20 === 10 ? 6 : 0.5),
    };

const tokenizer = await loadDefaultTokenizer();
for (const [name, provider] of [
  ["anthropic", anthropicCacheProvider(tokenizer)],
  ["openai", openAICacheProvider(tokenizer)],
] as const) {
  const started = performance.now();
  const served = await runCacheSession(plan, provider);
  const report = reportCacheSession(served);
  const check = checkCachePredictions(served, report);
  const share = (100 * report.cachedTokens) / report.inputTokens;
  print(
    `${name}: ${report.requests} requests, ${report.inputTokens.toLocaleString("en")} input tokens, ` +
      `${share.toFixed(2)}% read from cache, ${report.writtenTokens.toLocaleString("en")} written, ` +
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
}
