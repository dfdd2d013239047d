import type { AnswerEnding } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";

/** What each finish reason that is not a finished answer means. */
const endings: Readonly<Record<string, AnswerEnding>> = {
  length: "cut",
  "content-filter": "refused",
  error: "failed",
  interrupted: "aborted",
};

/**
 * How an AI SDK answer ended, from its last step's `finishReason`: `cut` for `length`, `refused`
 * for `content-filter`, `failed` for `error`, `aborted` for `interrupted`, each with an
 * `incomplete-response` warning naming it; `completed` for any other (`stop`, `tool-calls`,
 * `other`, none).
 */
export function finishEnding(finishReason: unknown, warnings: CtxWarning[]): AnswerEnding {
  const ending =
    typeof finishReason === "string" && Object.hasOwn(endings, finishReason)
      ? endings[finishReason]
      : undefined;
  if (ending === undefined) return "completed";
  warnings.push({
    code: "incomplete-response",
    message: `the answer did not complete (finishReason ${String(finishReason)}); it is recorded as ${ending}`,
  });
  return ending;
}
