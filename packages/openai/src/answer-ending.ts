import type { AnswerEnding } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";

/**
 * How a Responses API answer ended, from its `status` (and `incomplete_details.reason`), or
 * `refused` when an output message holds a refusal; every ending but `completed` leaves an
 * `incomplete-response` warning naming the provider's reason.
 */
export function responseEnding(
  response: object,
  output: readonly unknown[],
  warnings: CtxWarning[],
): AnswerEnding {
  const status = Reflect.get(response, "status");
  const details = Reflect.get(response, "incomplete_details");
  const reason = stringField(details, "reason");
  if (status === "incomplete") {
    const ending = reason === "content_filter" ? "refused" : "cut";
    return warn(ending, `status incomplete, ${reason ?? "no reason given"}`, warnings);
  }
  if (status === "failed") {
    const message = stringField(Reflect.get(response, "error"), "message");
    return warn("failed", `status failed, ${message ?? "no reason given"}`, warnings);
  }
  if (status === "cancelled") return warn("aborted", "status cancelled", warnings);
  if (output.some(holdsRefusal)) return warn("refused", "the model refused", warnings);
  return "completed";
}

/**
 * How a Chat Completions choice ended, from its `finish_reason` (`length` is cut,
 * `content_filter` refused), or `refused` when its message is a refusal; every ending but
 * `completed` leaves an `incomplete-response` warning naming the reason.
 */
export function choiceEnding(
  finishReason: unknown,
  refusal: unknown,
  warnings: CtxWarning[],
): AnswerEnding {
  if (finishReason === "length") return warn("cut", "finish_reason length", warnings);
  if (finishReason === "content_filter") {
    return warn("refused", "finish_reason content_filter", warnings);
  }
  if (typeof refusal === "string" && refusal !== "") {
    return warn("refused", "the model refused", warnings);
  }
  return "completed";
}

function warn(ending: AnswerEnding, why: string, warnings: CtxWarning[]): AnswerEnding {
  warnings.push({
    code: "incomplete-response",
    message: `the answer did not complete (${why}); it is recorded as ${ending}`,
  });
  return ending;
}

function holdsRefusal(item: unknown): boolean {
  const content: unknown =
    typeof item === "object" && item !== null ? Reflect.get(item, "content") : [];
  return (
    Array.isArray(content) &&
    content.some(
      (part: unknown) =>
        typeof part === "object" && part !== null && Reflect.get(part, "type") === "refusal",
    )
  );
}

function stringField(value: unknown, name: string): string | undefined {
  const field = typeof value === "object" && value !== null ? Reflect.get(value, name) : undefined;
  return typeof field === "string" ? field : undefined;
}
