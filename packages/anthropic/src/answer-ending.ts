import type { AnswerEnding } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";

/** What each stop reason that is not a finished answer means. */
const endings: Readonly<Record<string, AnswerEnding>> = {
  max_tokens: "cut",
  model_context_window_exceeded: "cut",
  pause_turn: "cut",
  refusal: "refused",
};

/**
 * How a Claude answer ended, from its `stop_reason`: `cut` for `max_tokens`,
 * `model_context_window_exceeded` and `pause_turn` (the server paused a long turn, to be sent
 * again to go on), `refused` for `refusal`, each with an `incomplete-response` warning naming
 * it; `completed` for any other (`end_turn`, `tool_use`, `stop_sequence`, none).
 */
export function stopEnding(stopReason: unknown, warnings: CtxWarning[]): AnswerEnding {
  const ending =
    typeof stopReason === "string" && Object.hasOwn(endings, stopReason)
      ? endings[stopReason]
      : undefined;
  if (ending === undefined) return "completed";
  warnings.push({
    code: "incomplete-response",
    message: `the answer did not complete (stop_reason ${String(stopReason)}); it is recorded as ${ending}`,
  });
  return ending;
}
