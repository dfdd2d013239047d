import {
  type Answer,
  expectKeptStates,
  runStateCompaction,
  stateAnswers,
  stateTask,
} from "@ctx/adapter-testing";
import { compactionAnswerJsonSchema, type StateSummarizer } from "@ctx/registry";
import { createSession } from "@ctx/session";
import { OpenAI } from "openai";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createOpenAISummarizer } from "./create-openai-summarizer.js";

/** A Responses API answer, as the API sends it, whose message holds `content`. */
function response(content: object[], status = "completed"): Answer {
  return {
    json: {
      id: "resp_1",
      object: "response",
      created_at: 1764547200,
      status,
      ...(status === "incomplete" ? { incomplete_details: { reason: "max_output_tokens" } } : {}),
      model: "gpt-test",
      output: [{ type: "message", id: "msg_1", role: "assistant", status, content }],
      parallel_tool_calls: true,
      tool_choice: "auto",
      tools: [],
    },
  };
}

/** The structured answer `answer` as the model writes it: its JSON as the output text. */
const typed = (answer: object, cutAt?: number): Answer =>
  response(
    [{ type: "output_text", text: JSON.stringify(answer).slice(0, cutAt), annotations: [] }],
    cutAt === undefined ? "completed" : "incomplete",
  );

const connect = (url: string) =>
  createOpenAISummarizer({
    client: new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 }),
    model: "gpt-test",
    typedState: true,
  });

describe("createOpenAISummarizer with typedState", () => {
  it("asks for the state with strict structured output; the session keeps it and merges it after a resume", async () => {
    const run = await runStateCompaction([typed(stateAnswers[0]), typed(stateAnswers[1])], connect);
    expect(run.received.map(({ body }) => body.text)).toEqual([
      {
        format: {
          type: "json_schema",
          name: "compaction_answer",
          strict: true,
          schema: compactionAnswerJsonSchema(),
        },
      },
      expect.anything(),
    ]);
    expectKeptStates(run);
  });

  it("leaves out a state that fails the schema, with a warning, and keeps the summary", async () => {
    const wrong = {
      ...stateAnswers[0],
      state: { ...stateAnswers[0].state, todos: [{ text: "Ship it", status: "later" }] },
    };
    const run = await runStateCompaction([typed(wrong), typed(stateAnswers[1])], connect);
    expect(run.warnings[0]).toEqual(["summarizer-state-invalid"]);
    expect(run.summaries[0]).toContain(stateAnswers[0].summary);
    expect(run.states[0]).toMatchObject({
      constraints: ["Never push to main."],
      decisions: [],
      todos: [],
      files: { read: ["src/date.ts"], changed: [] },
    });
  });

  it("lets the session write its fallback summary and fill for a refusal and for a cut answer", async () => {
    const refusal = response([{ type: "refusal", refusal: "I cannot help with that." }]);
    const run = await runStateCompaction([refusal, typed(stateAnswers[1], 60)], connect);
    expect(run.warnings).toEqual([["summarizer-failed"], ["summarizer-failed"]]);
    for (const state of run.states) {
      expect(state).toMatchObject({
        task: stateTask,
        constraints: ["Never push to main."],
        decisions: [],
      });
    }
  });

  it("is a StateSummarizer the session takes", () => {
    const summarizer = connect("http://127.0.0.1:1");
    expectTypeOf(summarizer).toEqualTypeOf<StateSummarizer>();
    expectTypeOf(createSession).toBeCallableWith({ summarizer });
  });
});
