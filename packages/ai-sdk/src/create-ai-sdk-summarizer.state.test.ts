import { createOpenAI } from "@ai-sdk/openai";
import {
  expectKeptStates,
  openAITextResponse,
  runStateCompaction,
  stateAnswers,
  stateTask,
} from "@ctx/adapter-testing";
import { compactionAnswerJsonSchema, type StateSummarizer } from "@ctx/registry";
import { createSession } from "@ctx/session";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createAiSdkSummarizer } from "./create-ai-sdk-summarizer.js";

/** The structured answer `answer` as the OpenAI Responses API writes it: its JSON as the text. */
const typed = (answer: object) => openAITextResponse(JSON.stringify(answer), 0);

const connect = (url: string) =>
  createAiSdkSummarizer({
    model: createOpenAI({ apiKey: "test", baseURL: `${url}/v1` }).responses("gpt-test"),
    maxRetries: 0,
    typedState: true,
  });

describe("createAiSdkSummarizer with typedState", () => {
  it("asks for the state with the AI SDK's structured output; the session keeps it and merges it after a resume", async () => {
    const run = await runStateCompaction([typed(stateAnswers[0]), typed(stateAnswers[1])], connect);
    // The OpenAI provider sends Output.object as a strict json_schema format.
    expect(run.received[0]?.body.text).toMatchObject({
      format: {
        type: "json_schema",
        name: "compaction_answer",
        strict: true,
        schema: compactionAnswerJsonSchema(),
      },
    });
    expectKeptStates(run);
  });

  it("leaves out a state that fails the schema; an answer that is not the JSON gives the fallback", async () => {
    const wrong = { ...stateAnswers[0], state: { ...stateAnswers[0].state, agents: [{ id: "" }] } };
    const cut = openAITextResponse(JSON.stringify(stateAnswers[1]).slice(0, 60), 0);
    const run = await runStateCompaction([typed(wrong), cut], connect);
    expect(run.warnings).toEqual([["summarizer-state-invalid"], ["summarizer-failed"]]);
    expect(run.summaries[0]).toContain(stateAnswers[0].summary);
    for (const state of run.states) {
      expect(state).toMatchObject({
        task: stateTask,
        constraints: ["Never push to main."],
        decisions: [],
        agents: [],
      });
    }
  });

  it("lets the session write its fallback summary for a refusal", async () => {
    const refusal = openAITextResponse("", 0);
    if (!("json" in refusal)) throw new Error("a Responses answer is JSON");
    const { output } = refusal.json as { output: { content: object[] }[] };
    for (const item of output) item.content = [{ type: "refusal", refusal: "I cannot." }];
    const run = await runStateCompaction([refusal, typed(stateAnswers[1])], connect);
    expect(run.warnings).toEqual([["summarizer-failed"], []]);
    expect(run.states[0]).toMatchObject({ task: stateTask, constraints: ["Never push to main."] });
  });

  it("is a StateSummarizer the session takes", () => {
    const summarizer = connect("http://127.0.0.1:1");
    expectTypeOf(summarizer).toEqualTypeOf<StateSummarizer>();
    expectTypeOf(createSession).toBeCallableWith({ summarizer });
  });
});
