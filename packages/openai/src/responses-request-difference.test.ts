import type { ModelAnswer, ResponseItem } from "@ctx/protocol";
import type { RequestDifference } from "@ctx/protocol/mapping";
import { createSession, type ModelRequest, runTurn, type TurnContext } from "@ctx/session";
import { describe, expect, it } from "vitest";
import { responsesRequestDifference } from "./responses-request-difference.js";
import { toResponsesParams } from "./to-responses-params.js";

const user = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
const call: ResponseItem = { type: "function_call", call_id: "c1", name: "shell", arguments: "{}" };
const output = (text: string): ResponseItem => ({
  type: "function_call_output",
  call_id: "c1",
  output: text,
});
const tools = [{ type: "function", name: "shell", parameters: {}, strict: false }];

/** The body the client sends, kept as the adapter's README says. */
function body(input: readonly ResponseItem[], tool = tools) {
  const params = toResponsesParams({ instructions: "Be brief.", input });
  return { model: "gpt-5.6-sol", tools: tool, ...params, input: [...params.input] };
}

describe("responsesRequestDifference", () => {
  it("names the input item where a rewritten history parts, at its byte", () => {
    const previous = body([user("Run it."), call, output("ok: 3 files")]);
    const next = body([user("Run it."), call, output("ok: 4 files")]);
    const difference = responsesRequestDifference(previous, next);
    const offset = Buffer.byteLength(
      JSON.stringify(next).slice(0, JSON.stringify(next).indexOf("4 files")),
    );
    expect(difference).toMatchObject({ offset, part: "input item 2 (function_call_output)" });
  });

  it("names the tools when they change ahead of the input, and nothing once the input only grows", () => {
    const input = [user("Run it.")];
    const renamed = tools.map((tool) => ({ ...tool, name: "bash" }));
    expect(responsesRequestDifference(body(input), body(input, renamed))?.part).toBe(
      "tool 0 (function)",
    );
    const grown = responsesRequestDifference(body(input), body([...input, call]));
    expect(grown).toMatchObject({ part: "input item 1 (function_call)", previous: "]" });
  });
});

describe("responsesRequestDifference beside the session's cache prediction", () => {
  it("puts each predicted break at the byte where the body parts, and none where it only grows", async () => {
    const session = createSession({ sessionId: "difference" });
    const context: TurnContext = {
      model: "gpt-5.6-sol",
      environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
      date: "2026-12-07",
      timezone: "Etc/UTC",
    };
    const seen: { request: ModelRequest; body: object; difference?: RequestDifference }[] = [];
    let previous: { input: unknown[] } | undefined;
    const callModel = async (request: ModelRequest): Promise<ModelAnswer> => {
      const params = toResponsesParams(request);
      const body = { model: "gpt-5.6-sol", ...params, input: [...params.input] };
      const difference =
        previous === undefined ? undefined : responsesRequestDifference(previous, body);
      seen.push({ request, body, ...(difference === undefined ? {} : { difference }) });
      previous = body;
      return {
        items: [
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] },
        ],
      };
    };
    const turn = (userInput: string) =>
      runTurn({ session, turnContext: context, userInput, callModel, runTool: async () => "" });
    await turn("one");
    await turn("two");
    await session.rollback(1);
    await turn("three");
    const [, grown, rolledBack] = seen;
    // The second request only extends the first: nothing predicted, the body parts at its end.
    expect(grown?.request.cachePrediction).toBeUndefined();
    expect(grown?.difference).toMatchObject({ previous: "]" });
    // After the rollback the session predicts the break, and the body parts at the item it names.
    const predicted = rolledBack?.request.cachePrediction?.breaks[0];
    expect(predicted?.cause).toBe("rollback");
    expect(rolledBack?.difference?.path.slice(0, 2)).toEqual(["input", predicted?.index]);
    expect(rolledBack?.difference?.part).toBe(`input item ${predicted?.index} (user)`);
  });
});
