import { compactionPrompt } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { createFakeSummarizer } from "../__fixtures__/fake-summarizer.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { composeCompactionPrompt, summarizeHistory } from "./summarize-history.js";

const history: ResponseItem[] = [
  userTextMessage("one"),
  { type: "function_call", call_id: "c", name: "ls", arguments: "{}" },
  { type: "function_call_output", call_id: "c", output: "a" },
  userTextMessage("two"),
];
const options = { model: "ctx-coder", instructions: "Base.", timeout: 1_000 };

describe("summarizeHistory", () => {
  it("sends the instructions, the history and the prompt as a user message", async () => {
    const fake = createFakeSummarizer();
    const outcome = await summarizeHistory(history, { ...options, summarizer: fake.summarize });
    expect(outcome).toEqual({ summary: "Summary of 4 items; last: two", warnings: [] });
    expect(fake.requests).toEqual([
      {
        model: "ctx-coder",
        instructions: "Base.",
        input: [...history, userTextMessage(compactionPrompt)],
      },
    ]);
  });

  it("takes a typed state beside the text, and leaves out one that fails its schema or that the summarizer says it has not", async () => {
    const state = {
      version: 1 as const,
      constraints: ["Never push."],
      decisions: [],
      pendingCalls: [],
      agents: [],
      todos: [],
      files: { read: [], changed: [] },
    };
    const answering = (answer: unknown) => ({
      ...options,
      summarizer: async () => answer as string,
    });
    expect(await summarizeHistory(history, answering({ text: "S.", state }))).toEqual({
      summary: "S.",
      state,
      warnings: [],
    });
    const invalid = await summarizeHistory(history, answering({ text: "S.", state: {} }));
    expect(invalid.summary).toBe("S.");
    expect(invalid.warnings.map((warning) => warning.code)).toEqual(["summarizer-state-invalid"]);
    const problem = "state.todos.0.status: not one of the statuses";
    const said = await summarizeHistory(history, answering({ text: "S.", stateProblem: problem }));
    expect(said.summary).toBe("S.");
    expect(said.warnings).toEqual([
      {
        code: "summarizer-state-invalid",
        message: expect.stringContaining(`(${problem})`),
      },
    ]);
    const textless = await summarizeHistory(history, answering({ state }));
    expect(textless.summary).toBeUndefined();
    expect(textless.warnings.map((warning) => warning.code)).toEqual(["summarizer-failed"]);
  });

  it("appends guidance to the default prompt without replacing it", () => {
    const prompt = composeCompactionPrompt("Keep every file path.");
    expect(prompt.startsWith(compactionPrompt)).toBe(true);
    expect(prompt.endsWith("Keep every file path.\n")).toBe(true);
    expect(composeCompactionPrompt("  ")).toBe(compactionPrompt);
  });

  it("drops the oldest item, with its pair, until the request fits", async () => {
    const fake = createFakeSummarizer({ maxItems: 2 });
    const outcome = await summarizeHistory(history, { ...options, summarizer: fake.summarize });
    expect(outcome.summary).toBe("Summary of 1 items; last: two");
    expect(fake.requests.map((request) => request.input.length)).toEqual([5, 4, 2]);
    expect(outcome.warnings.map((warning) => warning.code)).toEqual(["summarizer-dropped-items"]);
  });

  it.each([
    ["throw", /the model is down/],
    ["empty", /empty text/],
    ["hang", /longer than 20 ms/],
  ] as const)(
    "gives no summary and a warning when the summarizer fails (%s)",
    async (fail, reason) => {
      const fake = createFakeSummarizer({ fail });
      const outcome = await summarizeHistory(history, {
        ...options,
        timeout: 20,
        summarizer: fake.summarize,
      });
      expect(outcome.summary).toBeUndefined();
      expect(outcome.warnings).toEqual([
        { code: "summarizer-failed", message: expect.stringMatching(reason) },
      ]);
    },
  );

  it("gives no summary when the caller aborts", async () => {
    const fake = createFakeSummarizer({ fail: "hang" });
    const controller = new AbortController();
    const pending = summarizeHistory(history, {
      ...options,
      signal: controller.signal,
      summarizer: fake.summarize,
    });
    controller.abort(new Error("stopped by the caller"));
    const outcome = await pending;
    expect(outcome.warnings[0]?.message).toMatch(/stopped by the caller/);
  });
});
