import { Anthropic } from "@anthropic-ai/sdk";
import {
  type Answer,
  expectKeptStates,
  runStateCompaction,
  shellTool,
  stateAnswers,
  stateTask,
} from "@ctx/adapter-testing";
import { compactionAnswerJsonSchema, type StateSummarizer } from "@ctx/registry";
import { createSession } from "@ctx/session";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type AnthropicSummarizerOptions,
  createAnthropicSummarizer,
} from "./create-anthropic-summarizer.js";

/** A Messages API answer, as the API sends it, made of `content`. */
function message(content: object[], stopReason = "tool_use"): Answer {
  return {
    json: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-test",
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 80 },
    },
  };
}

/** The model's call of the answer tool with `input`. */
const called = (input: object): Answer =>
  message([{ type: "tool_use", id: "toolu_1", name: "compaction_answer", input }]);

const tool = {
  name: shellTool.name,
  description: shellTool.description,
  input_schema: shellTool.parameters,
};

const connect =
  (options: Partial<AnthropicSummarizerOptions> = {}) =>
  (url: string) =>
    createAnthropicSummarizer({
      client: new Anthropic({ apiKey: "test", baseURL: url, maxRetries: 0 }),
      model: "claude-test",
      tools: [tool],
      ...options,
      typedState: true,
    });

describe("createAnthropicSummarizer with typedState", () => {
  it("makes the model call a tool with the state's schema; the session keeps the state and merges it after a resume", async () => {
    const run = await runStateCompaction(
      [called(stateAnswers[0]), called(stateAnswers[1])],
      connect(),
    );
    const [body] = run.received.map((request) => request.body);
    expect(body?.tools).toEqual([
      tool,
      {
        name: "compaction_answer",
        description: expect.any(String),
        input_schema: compactionAnswerJsonSchema(),
      },
    ]);
    expect(body?.tool_choice).toEqual({ type: "tool", name: "compaction_answer" });
    expectKeptStates(run);
  });

  it("leaves the tool to the model when thinking is on, and keeps a text answer without its state", async () => {
    const text = message([{ type: "text", text: "We fixed the parser." }], "end_turn");
    const run = await runStateCompaction(
      [text, called(stateAnswers[1])],
      connect({ parameters: { thinking: { type: "enabled", budget_tokens: 1024 } } }),
    );
    expect(run.received[0]?.body.tool_choice).toEqual({ type: "auto" });
    expect(run.warnings[0]).toEqual(["summarizer-state-invalid"]);
    expect(run.summaries[0]).toContain("We fixed the parser.");
    expect(run.states[0]).toMatchObject({ constraints: ["Never push to main."], decisions: [] });
  });

  it("leaves out a state that fails the schema; a refusal or a call cut short gives the fallback", async () => {
    const wrong = { ...stateAnswers[0], state: { ...stateAnswers[0].state, version: 2 } };
    const invalid = await runStateCompaction([called(wrong), message([], "refusal")], connect());
    expect(invalid.warnings).toEqual([["summarizer-state-invalid"], ["summarizer-failed"]]);
    expect(invalid.summaries[0]).toContain(stateAnswers[0].summary);
    const cut = message(
      [{ type: "tool_use", id: "toolu_1", name: "compaction_answer", input: {} }],
      "max_tokens",
    );
    const failed = await runStateCompaction([cut, called(stateAnswers[1])], connect());
    expect(failed.warnings[0]).toEqual(["summarizer-failed"]);
    for (const state of [...invalid.states, ...failed.states]) {
      expect(state).toMatchObject({ task: stateTask, constraints: ["Never push to main."] });
    }
  });

  it("is a StateSummarizer the session takes", () => {
    const summarizer = connect()("http://127.0.0.1:1");
    expectTypeOf(summarizer).toEqualTypeOf<StateSummarizer>();
    expectTypeOf(createSession).toBeCallableWith({ summarizer });
  });
});
