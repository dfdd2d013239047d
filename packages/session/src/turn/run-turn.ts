import type {
  CustomToolCallOutputItem,
  FunctionCallOutputItem,
  ModelAnswer,
  ResponseItem,
  ToolOutput,
} from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import type { CompactionReport } from "../compaction/compaction-report.js";
import {
  deliverTouchedAgentsMd,
  type TouchedPaths,
} from "../injected/deliver-touched-agents-md.js";
import type { ModelRequest, Session } from "../session.js";
import type { UserInput } from "./parse-user-input.js";
import { reconcileCache } from "./reconcile-cache.js";
import type { ToolCall } from "./tool-call.js";
import type { TurnContext } from "./turn-context.js";
import { carryingAnswer } from "./unrecorded-answer-error.js";

/** Options of {@link runTurn}. */
export interface RunTurnOptions {
  /** The session the turn belongs to. */
  readonly session: Session;
  /** The turn's settings, as `session.beginTurn` takes them. */
  readonly turnContext: TurnContext;
  /** What the user said. */
  readonly userInput: UserInput;
  /**
   * Sends one request to the model and resolves to its complete answer: any adapter's mapping
   * (`toResponsesParams`, `toMessagesParams`, `toPrompt`) on the way out, its answer mapping on
   * the way back. Pass `signal` on to the client, so an abort stops the request.
   */
  readonly callModel: (
    request: ModelRequest,
    options: { readonly signal: AbortSignal },
  ) => Promise<ModelAnswer>;
  /**
   * Runs one tool call and resolves to its output. A failure the model should read (a command
   * that exited non-zero, say) is an output; a rejection ends the turn with that error.
   */
  readonly runTool: (
    call: ToolCall,
    options: { readonly signal: AbortSignal },
  ) => Promise<ToolOutput>;
  /** Ends the turn: the request or the tool under way is stopped and nothing half-made is kept. */
  readonly signal?: AbortSignal;
  /** The most model requests the turn makes; 32 when omitted. A positive whole number. */
  readonly maxSteps?: number;
  /**
   * Which paths a tool call touched (the files it read or wrote, the folders it listed), asked
   * once its output is recorded; the session then records the AGENTS.md of those folders that
   * the model has not seen yet (`session.recordTouchedPaths`), right after the output. Resolves
   * to an array of non-empty strings; an empty one touches nothing.
   */
  readonly touchedPaths?: TouchedPaths;
}

/** How a turn run by {@link runTurn} ended. */
export interface TurnOutcome {
  /**
   * `completed` when the model answered without a tool call to run, `aborted` when the signal
   * ended the turn (or the provider cancelled the answer), `step-limit` when the tools ran after
   * the last request `maxSteps` allowed; `cut`, `refused` or `failed` when the model's last answer
   * ended so (its `ending`): it is recorded as it came and its tool calls are not run.
   */
  readonly status: "completed" | "aborted" | "step-limit" | "cut" | "refused" | "failed";
  /** How many model answers were recorded. */
  readonly steps: number;
  /** What the model and the tools added to the history during the turn, in order. */
  readonly items: readonly ResponseItem[];
  /**
   * The warnings of every request of the turn and of every answer's mapping, and where a
   * request's cache prediction and the provider's report disagree: `unforeseen-cache-miss` (the
   * provider's `cacheDiagnostics` report a miss the request's `cachePrediction` did not) and
   * `cache-miss-not-seen` (a predicted miss the diagnostics deny, or, without them, that the
   * usage's cached input tokens belie).
   */
  readonly warnings: readonly CtxWarning[];
  /** The compactions that happened before a request of the turn. */
  readonly compactions: readonly CompactionReport[];
}

const defaultMaxSteps = 32;

const functionSchema = lazySchema(() =>
  z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", {
    message: "expected a function",
  }),
);

const runTurnOptionsSchema = lazySchema(() =>
  z.object({
    session: z.custom<Session>(
      (value) =>
        typeof value === "object" &&
        value !== null &&
        ["beginTurn", "nextRequest", "record", "recordAnswer"].every(
          (method) => typeof Reflect.get(value, method) === "function",
        ),
      { message: "expected a session (from createSession or resumeSession)" },
    ),
    turnContext: z.custom<TurnContext>((value) => typeof value === "object" && value !== null, {
      message: "expected a turn context",
    }),
    userInput: z.custom<UserInput>((value) => typeof value === "string" || Array.isArray(value), {
      message: "expected the user's text or content items",
    }),
    callModel: functionSchema,
    runTool: functionSchema,
    signal: z.instanceof(AbortSignal).optional(),
    maxSteps: z.number().int().positive().optional(),
    touchedPaths: functionSchema.optional(),
  }),
);

/** What `callModel` resolves to; `recordAnswer` checks the whole of it before it writes. */
const answerSchema = lazySchema(() =>
  z.custom<ModelAnswer>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      Array.isArray(Reflect.get(value, "items")) &&
      (Reflect.get(value, "warnings") === undefined ||
        Array.isArray(Reflect.get(value, "warnings"))),
    { message: "expected a model answer: { items, usage?, ending?, warnings? }" },
  ),
);

/**
 * Runs one user turn to its end: begins it, sends each request through `callModel`, records the
 * model's answer and reports its usage, runs the tool calls it made through `runTool` and records
 * their outputs, and asks the session for the next request (which compacts mid-turn when the
 * history went over the model's limit) until the model answers without a tool call to run and
 * without ending on a tool's output it has not read.
 *
 * An answer is recorded whole once `callModel` resolves (its items, usage, cache diagnostics and
 * ending in one write, all checked first), or not at all; a call whose output the answer already holds (a tool
 * the SDK ran itself) is not run again. An answer that did not complete (its `ending` is `cut`,
 * `refused`, `failed` or `aborted`) is recorded and ends the turn with that status; its tool
 * calls are not run. An abort through `signal`
 * keeps what was recorded before it and records nothing after it (not the answer or the output
 * under way, even when its call resolves); a call left without an output gets the session's
 * `aborted` output on the next request.
 *
 * @throws {SessionError} naming `options` when the options do not fit their type, `touchedPaths`
 * when it resolves to something else than an array of paths, `answer` when
 * `callModel` resolves to something else than a model answer, or when an answer's
 * item or usage does not fit its schema (nothing of that answer is recorded).
 * @throws {UnrecordedAnswerError} when another writer appended to the session first: it carries
 * the answer (or the tool's output) that was not recorded, to record once the session is resumed.
 * @throws what `callModel` or `runTool` rejected with, unless the signal was aborted.
 * @example
 * ```ts
 * const outcome = await runTurn({
 *   session,
 *   turnContext,
 *   userInput: "Fix the failing test.",
 *   callModel: async (request, { signal }) =>
 *     fromResponse(await client.responses.create({ model, tools, ...toResponsesParams(request) }, { signal })),
 *   runTool: async (call) => runShell(call),
 * });
 * ```
 */
export async function runTurn(options: RunTurnOptions): Promise<TurnOutcome> {
  const parsed = checkSchema("options", options, runTurnOptionsSchema);
  const { session, callModel, runTool } = options;
  const signal = parsed.signal ?? new AbortController().signal;
  const maxSteps = parsed.maxSteps ?? defaultMaxSteps;
  const items: ResponseItem[] = [];
  const warnings: CtxWarning[] = [];
  const compactions: CompactionReport[] = [];
  let steps = 0;
  const outcome = (status: TurnOutcome["status"]): TurnOutcome => ({
    status,
    steps,
    items,
    warnings,
    compactions,
  });

  // Nothing of the turn is written once the signal has aborted, the user's message included.
  if (signal.aborted) return outcome("aborted");
  let request: ModelRequest | undefined = await unlessAborted(signal, () =>
    session.beginTurn(options.turnContext, options.userInput, { signal }),
  );
  while (request !== undefined) {
    warnings.push(...request.warnings);
    if (request.compaction !== undefined) compactions.push(request.compaction);
    const sent = request;
    const answer = await unlessAborted(signal, async () =>
      checkSchema("answer", await callModel(sent, { signal }), answerSchema),
    );
    // A client may resolve with what it had when the signal came: nothing is recorded after it.
    if (answer === undefined) break;
    try {
      await session.recordAnswer(answer);
    } catch (error) {
      throw carryingAnswer(error, answer);
    }
    items.push(...answer.items);
    warnings.push(...(answer.warnings ?? []), ...reconcileCache(sent.cachePrediction, answer));
    steps++;
    if (answer.ending !== undefined && answer.ending !== "completed") {
      return outcome(answer.ending);
    }
    const calls = unansweredCalls(answer.items);
    if (calls.length === 0 && !isToolOutput(answer.items.at(-1))) return outcome("completed");
    for (const call of calls) {
      const output = await unlessAborted(signal, () => runTool(call, { signal }));
      if (output === undefined) return outcome("aborted");
      const item: ResponseItem =
        call.type === "function_call"
          ? { type: "function_call_output", call_id: call.call_id, output }
          : { type: "custom_tool_call_output", call_id: call.call_id, output };
      try {
        await session.record([item]);
      } catch (error) {
        throw carryingAnswer(error, { items: [item] });
      }
      items.push(item);
      if (options.touchedPaths !== undefined && !signal.aborted) {
        warnings.push(
          ...(await deliverTouchedAgentsMd(session, options.touchedPaths, call, output)),
        );
      }
    }
    if (steps >= maxSteps) return outcome("step-limit");
    request = await unlessAborted(signal, () => session.nextRequest({ signal }));
  }
  return outcome("aborted");
}

/**
 * What `step` resolves to, or `undefined` once `signal` has aborted: before it starts, while it
 * runs (without waiting for a step that does not heed the signal), or as it settles. A rejection
 * that no abort caused is passed on.
 */
async function unlessAborted<Value>(
  signal: AbortSignal,
  step: () => Promise<Value>,
): Promise<Value | undefined> {
  if (signal.aborted) return undefined;
  let stop: (() => void) | undefined;
  const aborted = new Promise<undefined>((resolve) => {
    stop = () => resolve(undefined);
    signal.addEventListener("abort", stop, { once: true });
  });
  // A callback that returns a plain value or throws at once is taken as a promise of it.
  const running = Promise.resolve().then(step);
  // A step left running after the abort has nobody to tell of its failure.
  running.catch(() => undefined);
  try {
    const value = await Promise.race([running, aborted]);
    return signal.aborted ? undefined : value;
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  } finally {
    if (stop !== undefined) signal.removeEventListener("abort", stop);
  }
}

/** Whether `item` is a tool's output, which the model has not read yet when it ends an answer. */
function isToolOutput(
  item: ResponseItem | undefined,
): item is FunctionCallOutputItem | CustomToolCallOutputItem {
  return item?.type === "function_call_output" || item?.type === "custom_tool_call_output";
}

/** The tool calls of `items` whose output `items` does not hold, in order. */
function unansweredCalls(items: readonly ResponseItem[]): ToolCall[] {
  const answered = new Set<string>();
  for (const item of items) {
    if (isToolOutput(item)) answered.add(item.call_id);
  }
  return items.filter(
    (item): item is ToolCall =>
      (item.type === "function_call" || item.type === "custom_tool_call") &&
      !answered.has(item.call_id),
  );
}
