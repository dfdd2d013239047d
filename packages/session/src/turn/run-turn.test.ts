import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import type { ModelAnswer, ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { createFakeSummarizer } from "../__fixtures__/fake-summarizer.js";
import { assistant, call, output } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { abortedOutputText } from "../history/prompt-builder.js";
import type { ModelRequest } from "../session.js";
import { SessionError } from "../session-error.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { type RunTurnOptions, runTurn } from "./run-turn.js";
import type { TurnContext } from "./turn-context.js";

const model = defaultModelCatalog.get("ctx-coder");
const catalog = createModelCatalog([
  { ...model, slug: "small", contextWindow: 10_000, autoCompactTokenLimit: 5_000 },
  { ...model, slug: "roomy", contextWindow: 100_000, autoCompactTokenLimit: 90_000 },
]);

const context = (slug = "roomy"): TurnContext => ({
  model: slug,
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
});

const newSession = () =>
  createSession({
    catalog,
    tokenizer: approximateTokenizer,
    summarizer: createFakeSummarizer().summarize,
  });

/** A model that gives the answers in order, and the requests it was sent. */
function scriptedModel(answers: readonly ModelAnswer[]) {
  const requests: ModelRequest[] = [];
  const callModel: RunTurnOptions["callModel"] = async (request) => {
    requests.push(request);
    const answer = answers[requests.length - 1];
    if (answer === undefined) throw new Error(`no answer for request ${requests.length}`);
    return answer;
  };
  return { requests, callModel };
}

const echoTool: RunTurnOptions["runTool"] = async (toolCall) => `ran ${toolCall.call_id}`;

/** The items after the last user message of a history or an input. */
function afterUser(items: readonly ResponseItem[]): ResponseItem[] {
  const last = items.findLastIndex((item) => item.type === "message" && item.role === "user");
  return items.slice(last + 1);
}

describe("runTurn", () => {
  it("runs the tool calls, records every answer and output, and ends on the model's reply", async () => {
    const session = newSession();
    const model = scriptedModel([
      { items: [call("c1"), call("c2")], usage: { totalTokens: 1_000 } },
      { items: [assistant("Two entries.")], usage: { totalTokens: 1_200, inputTokens: 1_190 } },
    ]);
    const ran: string[] = [];
    const outcome = await runTurn({
      session,
      turnContext: context(),
      userInput: "List the files.",
      callModel: model.callModel,
      runTool: async (toolCall) => {
        ran.push(toolCall.call_id);
        return `ran ${toolCall.call_id}`;
      },
    });

    expect(outcome.status).toBe("completed");
    expect(outcome.steps).toBe(2);
    expect(ran).toEqual(["c1", "c2"]);
    const added = [
      call("c1"),
      call("c2"),
      output("c1", "ran c1"),
      output("c2", "ran c2"),
      assistant("Two entries."),
    ];
    expect(outcome.items).toEqual(added);
    const history = session.history();
    expect(afterUser(history.map((entry) => entry.item))).toEqual(added);
    expect(history.slice(-5).map((entry) => entry.origin.source)).toEqual([
      "model",
      "model",
      "tool",
      "tool",
      "model",
    ]);
    // The second request carries the calls and their outputs after the user's message.
    expect(afterUser(model.requests[1]?.input ?? [])).toEqual(added.slice(0, 4));
    expect(session.tokenUsage()).toMatchObject({ source: "reported", used: 1_200 });
  });

  it("does not run a call whose output the answer already holds", async () => {
    const session = newSession();
    const model = scriptedModel([
      { items: [call("c1"), output("c1", "done by the SDK")] },
      { items: [assistant("Done.")] },
    ]);
    let runs = 0;
    const outcome = await runTurn({
      session,
      turnContext: context(),
      userInput: "Go.",
      callModel: model.callModel,
      runTool: async () => {
        runs++;
        return "again";
      },
    });
    expect(runs).toBe(0);
    // The model has not read the output the SDK added, so it is asked once more.
    expect(outcome).toMatchObject({ status: "completed", steps: 2 });
    expect(afterUser(model.requests[1]?.input ?? [])).toEqual([
      call("c1"),
      output("c1", "done by the SDK"),
    ]);
  });

  it("answers a custom tool call with a custom tool output", async () => {
    const session = newSession();
    const patch: ResponseItem = {
      type: "custom_tool_call",
      call_id: "p1",
      name: "apply_patch",
      input: "*** Begin Patch",
    };
    const model = scriptedModel([{ items: [patch] }, { items: [assistant("Patched.")] }]);
    await runTurn({
      session,
      turnContext: context(),
      userInput: "Patch it.",
      callModel: model.callModel,
      runTool: echoTool,
    });
    expect(afterUser(model.requests[1]?.input ?? [])).toEqual([
      patch,
      { type: "custom_tool_call_output", call_id: "p1", output: "ran p1" },
    ]);
  });

  it("stops at the step limit once the last step's tools have run", async () => {
    const session = newSession();
    const model = scriptedModel([{ items: [call("c1")] }, { items: [call("c2")] }]);
    const outcome = await runTurn({
      session,
      turnContext: context(),
      userInput: "Loop.",
      callModel: model.callModel,
      runTool: echoTool,
      maxSteps: 2,
    });
    expect(outcome).toMatchObject({ status: "step-limit", steps: 2 });
    expect(model.requests).toHaveLength(2);
    expect(session.history().at(-1)?.item).toEqual(output("c2", "ran c2"));
  });

  it("compacts mid-turn through nextRequest when the reported usage passes the limit", async () => {
    const session = newSession();
    const model = scriptedModel([
      { items: [call("c1")], usage: { totalTokens: 6_000 } },
      { items: [assistant("Done.")], usage: { totalTokens: 800 } },
    ]);
    const outcome = await runTurn({
      session,
      turnContext: context("small"),
      userInput: "Read the big file.",
      callModel: model.callModel,
      runTool: echoTool,
    });
    expect(outcome.status).toBe("completed");
    expect(outcome.compactions.map((report) => report.trigger)).toEqual(["mid-turn"]);
    expect(model.requests[1]?.compaction?.trigger).toBe("mid-turn");
  });

  it("records nothing of an answer the abort cut short, and ends the turn as aborted", async () => {
    const session = newSession();
    const controller = new AbortController();
    const outcome = await runTurn({
      session,
      turnContext: context(),
      userInput: "Wait.",
      signal: controller.signal,
      callModel: (_request, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(signal.reason));
          controller.abort();
        }),
      runTool: echoTool,
    });
    expect(outcome).toMatchObject({ status: "aborted", steps: 0, items: [] });
    expect(session.history().at(-1)?.origin).toEqual({ source: "user" });
  });

  it("keeps the outputs before an abort; the next request answers the rest as aborted", async () => {
    const session = newSession();
    const controller = new AbortController();
    const model = scriptedModel([{ items: [call("c1"), call("c2")] }]);
    const outcome = await runTurn({
      session,
      turnContext: context(),
      userInput: "Run both.",
      signal: controller.signal,
      callModel: model.callModel,
      runTool: async (toolCall, { signal }) => {
        if (toolCall.call_id === "c1") return "first";
        controller.abort();
        throw signal.reason;
      },
    });
    expect(outcome).toMatchObject({ status: "aborted", steps: 1 });
    expect(outcome.items).toEqual([call("c1"), call("c2"), output("c1", "first")]);
    const next = await session.beginTurn(context(), "Go on.");
    const input = next.input;
    const secondCall = input.findIndex((item) => "call_id" in item && item.call_id === "c2");
    expect(input[secondCall + 1]).toEqual(output("c2", abortedOutputText));
  });

  it("passes on a failure of the model or a tool that no abort caused", async () => {
    const failing = runTurn({
      session: newSession(),
      turnContext: context(),
      userInput: "Go.",
      callModel: async () => Promise.reject(new Error("the model is down")),
      runTool: echoTool,
    });
    await expect(failing).rejects.toThrow("the model is down");
  });

  it("refuses an answer with an invalid item and records nothing of it", async () => {
    const session = newSession();
    const broken = {
      type: "function_call",
      call_id: "c1",
      name: "shell",
    } as unknown as ResponseItem;
    const running = runTurn({
      session,
      turnContext: context(),
      userInput: "Go.",
      callModel: async () => ({ items: [assistant("Let me look."), broken] }),
      runTool: echoTool,
    });
    await expect(running).rejects.toThrow(SessionError);
    expect(session.history().at(-1)?.origin).toEqual({ source: "user" });
  });

  it("names the option at fault before beginning the turn", async () => {
    const session = newSession();
    const options: RunTurnOptions = {
      session,
      turnContext: context(),
      userInput: "Go.",
      callModel: scriptedModel([]).callModel,
      runTool: echoTool,
    };
    await expect(runTurn({ ...options, maxSteps: 0 })).rejects.toThrow("options: maxSteps");
    await expect(runTurn({ ...options, runTool: "x" as never })).rejects.toThrow(
      "options: runTool",
    );
    await expect(runTurn(null as never)).rejects.toThrow(SessionError);
    expect(session.history()).toEqual([]);
  });
});
