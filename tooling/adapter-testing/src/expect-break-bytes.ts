import type { ModelAnswer, ResponseItem } from "@ctx/protocol";
import type { RequestBodyMapping, RequestDifference, RequestFields } from "@ctx/protocol/mapping";
import { createSession, runTurn, type TurnContext } from "@ctx/session";
import { expect } from "vitest";
import { firstTurnContext, shellOutput, shellTool } from "./run-conversation.js";

/** One predicted break of {@link expectBreakBytes}: its cause and where the bodies part. */
export interface BreakByte {
  readonly cause: string;
  readonly difference: RequestDifference;
}

/** A tool named `name`, as JSON: the shell tool's description and parameters. */
const toolNamed = (name: string) => ({
  name,
  description: shellTool.description,
  parameters: {
    type: "object",
    properties: { command: { type: "array", items: { type: "string" } } },
    required: ["command"],
  },
});

/**
 * Runs turns of a real session through `runTurn`, its `requestBody` made by `mapping` from fields
 * that read the turn's tools, with a scripted `callModel` that sends `body(request)` (kept as a
 * copy): a turn with a tool round, a second turn, a rollback of it and a turn again, a turn whose
 * tools change, and a compaction and a turn after it. Asserts that each of those three makes a
 * prediction whose breaks carry the first differing byte that `difference` finds between the
 * body sent before and the one sent then, that no other request predicts a break and that no
 * warning comes of the bodies. Returns the predicted breaks, in order.
 */
export async function expectBreakBytes(
  mapping: (fields: RequestFields) => RequestBodyMapping,
  difference: (previous: object, next: object) => RequestDifference | undefined,
): Promise<BreakByte[]> {
  let tools = [toolNamed("shell")];
  const requestBody = mapping(() => ({ model: "test-model", tools }));
  let now = 0;
  const session = createSession({
    sessionId: "bytes",
    requestBody,
    clock: () => {
      now += 1000;
      return now;
    },
  });
  const sent: object[] = [];
  const breaks: BreakByte[] = [];
  let step = 0;
  const turn = async (userInput: string) => {
    const turnContext: TurnContext = { ...firstTurnContext, request: { tools } };
    const outcome = await runTurn({
      session,
      turnContext,
      userInput,
      callModel: async (request) => {
        const body = copyLists(requestBody.body(request));
        const previous = sent.at(-1);
        sent.push(body);
        for (const predicted of request.cachePrediction?.breaks ?? []) {
          expect(previous).toBeDefined();
          const expected = previous === undefined ? undefined : difference(previous, body);
          expect(expected).toBeDefined();
          expect(predicted.difference).toEqual(expected);
          expect(request.cachePrediction?.difference).toEqual(expected);
          if (expected !== undefined) breaks.push({ cause: predicted.cause, difference: expected });
        }
        step += 1;
        return answer(request.input.at(-1), step);
      },
      runTool: async () => shellOutput,
    });
    expect(outcome.warnings.map(({ code }) => code)).not.toContain("request-body-failed");
  };
  await turn("Say hello.");
  await turn("List the files.");
  expect(breaks).toEqual([]);
  await session.rollback(1);
  await turn("List the files, please.");
  expect(breaks.map(({ cause }) => cause)).toEqual(["rollback"]);
  tools = [toolNamed("shell"), toolNamed("search")];
  await turn("Search the files.");
  expect(breaks.map(({ cause }) => cause)).toEqual(["rollback", "tools"]);
  await session.compact();
  await turn("Go on.");
  expect(breaks.map(({ cause }) => cause)).toEqual(["rollback", "tools", "compaction"]);
  return breaks;
}

/** A call of the shell tool after the user's message, a reply after its output. */
function answer(last: ResponseItem | undefined, step: number): ModelAnswer {
  if (last?.type === "message") {
    const callId = `call_${step}`;
    return {
      items: [
        { type: "function_call", call_id: callId, name: "shell", arguments: '{"command":["ls"]}' },
      ],
    };
  }
  return {
    items: [
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] },
    ],
  };
}

/** `body` with its top-level lists copied: a mapping hands the next request the same lists. */
function copyLists(body: object): object {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]),
  );
}
