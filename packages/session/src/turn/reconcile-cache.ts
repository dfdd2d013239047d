import type { ModelAnswer } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";
import type { CachePrediction } from "./cache-prediction.js";

/**
 * The warnings of comparing a request's cache prediction with what the provider reported for it:
 * `unforeseen-cache-miss` when the provider's diagnostics report a miss the session did not
 * predict, `cache-miss-not-seen` when the session predicted one that did not happen: the
 * provider's diagnostics report none, or, without diagnostics, the usage reads from cache more
 * than the prediction left to read (the request's input less half the tokens it said were
 * lost; half, as the provider counts with its own tokenizer). Nothing when the provider reported
 * neither.
 */
export function reconcileCache(
  prediction: CachePrediction | undefined,
  answer: ModelAnswer,
): CtxWarning[] {
  const report = answer.cacheDiagnostics;
  if (prediction === undefined) {
    if (report?.missed !== true) return [];
    const tokens =
      report.missedInputTokens === undefined ? "" : ` (${report.missedInputTokens} input tokens)`;
    const reason = report.reason === undefined ? "" : `, reason ${report.reason}`;
    return [
      {
        code: "unforeseen-cache-miss",
        message: `the provider reports a prompt cache miss the session did not predict${reason}${tokens}: something the session does not see changed the request`,
      },
    ];
  }
  const causes = prediction.breaks.map((loss) => loss.cause).join(", ");
  const notSeen: CtxWarning = {
    code: "cache-miss-not-seen",
    message: `the session predicted a prompt cache miss (${causes}, ${prediction.tokens} tokens) that the provider did not report: the prediction overstated what the change costs`,
  };
  if (report !== undefined) return report.missed ? [] : [notSeen];
  const { inputTokens, cachedInputTokens } = answer.usage ?? {};
  if (inputTokens === undefined || cachedInputTokens === undefined) return [];
  return cachedInputTokens > inputTokens - prediction.tokens / 2 ? [notSeen] : [];
}
