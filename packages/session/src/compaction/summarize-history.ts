import { compactionPrompt } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { ContextWindowError, type SummaryRequest } from "@ctx/protocol";
import type { StateSummarizer, SummaryAnswer } from "@ctx/registry";
import { type CompactionState, compactionStateSchema } from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import { userTextMessage } from "../turn/parse-user-input.js";

/** What {@link summarizeHistory} needs. */
export interface SummarizeOptions {
  readonly summarizer: StateSummarizer;
  readonly model: string;
  readonly instructions: string;
  /** Rules appended to the default compaction prompt. */
  readonly guidance?: string | undefined;
  /** How long the summarizer may take, in milliseconds. */
  readonly timeout: number;
  /** Stops the summarizer early (the caller's). */
  readonly signal?: AbortSignal | undefined;
}

/** A summary (and the typed state the summarizer gave beside it, if any), or why there is none. */
export type SummaryOutcome =
  | {
      readonly summary: string;
      readonly state?: CompactionState | undefined;
      readonly warnings: CtxWarning[];
    }
  | { readonly summary: undefined; readonly warnings: CtxWarning[] };

/**
 * The compaction prompt: the library's default, then the caller's `guidance` under a heading of
 * its own, so guidance adds rules without replacing the default ones.
 */
export function composeCompactionPrompt(guidance: string | undefined): string {
  const extra = guidance?.trim() ?? "";
  return extra === ""
    ? compactionPrompt
    : `${compactionPrompt}\nAlso follow these rules, which come from the user of this session:\n${extra}\n`;
}

/**
 * Asks `summarizer` for a summary of `history` (the items as sent): the base instructions, the
 * history, then the compaction prompt as a user message. When it throws a
 * {@link ContextWindowError}, the oldest item (with the other half of its call/output pair) is
 * dropped and it is asked again while any history is left. Any other failure — an error, the
 * timeout, an abort, an empty text — gives no summary and a warning that says why.
 */
export async function summarizeHistory(
  history: readonly ResponseItem[],
  options: SummarizeOptions,
): Promise<SummaryOutcome> {
  const warnings: CtxWarning[] = [];
  const prompt = userTextMessage(composeCompactionPrompt(options.guidance));
  let input = [...history];
  let dropped = 0;
  const failed = (reason: string): SummaryOutcome => {
    warnings.push({
      code: "summarizer-failed",
      message: `the summarizer gave no summary (${reason}); the session wrote a fallback summary from the history instead`,
    });
    return { summary: undefined, warnings };
  };
  for (;;) {
    const request: SummaryRequest = {
      model: options.model,
      instructions: options.instructions,
      input: [...input, prompt],
    };
    let answer: SummaryAnswer;
    try {
      answer = await callWithTimeout(options.summarizer, request, options.timeout, options.signal);
    } catch (error) {
      if (ContextWindowError.isInstance(error) && input.length > 0) {
        const before = input.length;
        input = dropOldest(input);
        dropped += before - input.length;
        continue;
      }
      return failed(error instanceof Error ? error.message : String(error));
    }
    if (dropped > 0) {
      warnings.push({
        code: "summarizer-dropped-items",
        message: `the ${dropped} oldest history item(s) were left out of the summarizer's request so that it fit the model's context window`,
      });
    }
    const text = typeof answer === "string" ? answer : answer.text;
    if (text.trim() === "") return failed("it returned an empty text");
    return { summary: text, state: stateOf(answer, warnings), warnings };
  }
}

async function callWithTimeout(
  summarizer: StateSummarizer,
  request: SummaryRequest,
  timeout: number,
  outer: AbortSignal | undefined,
): Promise<SummaryAnswer> {
  const controller = new AbortController();
  const abort = (): void =>
    controller.abort(outer?.reason ?? new Error("the compaction was aborted"));
  if (outer?.aborted === true) abort();
  outer?.addEventListener("abort", abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopped = new Promise<never>((_, reject) => {
    const onAbort = (): void => reject(controller.signal.reason);
    if (controller.signal.aborted) onAbort();
    controller.signal.addEventListener("abort", onAbort, { once: true });
    timer = setTimeout(
      () => controller.abort(new Error(`it took longer than ${timeout} ms`)),
      timeout,
    );
  });
  try {
    const pending = Promise.resolve().then(() =>
      summarizer(request, { signal: controller.signal }),
    );
    // A summarizer that fails after the timeout has nobody left to tell.
    pending.catch(() => undefined);
    const answer: unknown = await Promise.race([pending, stopped]);
    if (typeof answer === "string") return answer;
    if (typeof answer === "object" && answer !== null && "text" in answer) {
      const { text, state, stateProblem } = answer as {
        text: unknown;
        state?: unknown;
        stateProblem?: unknown;
      };
      if (typeof text === "string") {
        return {
          text,
          state: state as CompactionState | undefined,
          stateProblem: typeof stateProblem === "string" ? stateProblem : undefined,
        };
      }
    }
    throw new Error("it returned something other than a text or { text, state }");
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", abort);
  }
}

/**
 * The typed state of `answer` when it gives one that passes the schema; a warning when it fails,
 * or when the summarizer says why it has none (`stateProblem`).
 */
function stateOf(answer: SummaryAnswer, warnings: CtxWarning[]): CompactionState | undefined {
  if (typeof answer === "string") return undefined;
  const parsed =
    answer.state === undefined ? undefined : compactionStateSchema.safeParse(answer.state);
  if (parsed?.success === true) return parsed.data;
  const problem = parsed?.error.issues[0]?.message ?? answer.stateProblem;
  if (parsed === undefined && problem === undefined) return undefined;
  warnings.push({
    code: "summarizer-state-invalid",
    message: `the summarizer's typed state was left out (${problem ?? "it does not match the schema"}); the session filled one from the history instead`,
  });
  return undefined;
}

/** `items` without the first one and the other half of its call/output pair. */
function dropOldest(items: readonly ResponseItem[]): ResponseItem[] {
  const [first, ...rest] = items;
  if (first === undefined) return [];
  if (first.type === "function_call" || first.type === "custom_tool_call") {
    return rest.filter(
      (item) =>
        !(
          (item.type === "function_call_output" || item.type === "custom_tool_call_output") &&
          item.call_id === first.call_id
        ),
    );
  }
  return rest;
}
