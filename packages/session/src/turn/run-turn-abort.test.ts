import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import type { ModelAnswer, Summarizer } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { assistant, call, output } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { type RunTurnOptions, runTurn } from "./run-turn.js";
import type { TurnContext } from "./turn-context.js";

const catalog = createModelCatalog([
  {
    ...defaultModelCatalog.get("ctx-coder"),
    slug: "small",
    contextWindow: 10_000,
    autoCompactTokenLimit: 5_000,
  },
]);
const turnContext: TurnContext = {
  model: "small",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

/** A summarizer that aborts the turn when it is asked, and heeds its signal or never settles. */
function abortingSummarizer(controller: AbortController, heeds: boolean) {
  const signals: AbortSignal[] = [];
  const summarize: Summarizer = (_request, { signal }) => {
    signals.push(signal);
    controller.abort();
    return new Promise((_, reject) => {
      if (heeds) signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
  };
  return { summarize, signals };
}

/** A session on a memory store, and the types of the records written so far. */
function newSession(summarizer?: Summarizer) {
  const store = createMemoryRolloutStore();
  const session = createSession({
    catalog,
    store,
    tokenizer: approximateTokenizer,
    ...(summarizer === undefined ? {} : { summarizer }),
  });
  const written = async () =>
    (await store.read(session.id, { from: "start" })).records.map((record) => record.type);
  return { session, written };
}

const answering =
  (...answers: ModelAnswer[]): RunTurnOptions["callModel"] =>
  async () =>
    answers.shift() ?? { items: [assistant("Done.")] };

describe("runTurn when the signal aborts", () => {
  it.each([true, false])(
    "ends inside a mid-turn compaction and writes no compaction (summarizer heeds the signal: %s)",
    async (heeds) => {
      const controller = new AbortController();
      const summarizer = abortingSummarizer(controller, heeds);
      const { session, written } = newSession(summarizer.summarize);
      const outcome = await runTurn({
        session,
        turnContext,
        userInput: "Read the big file.",
        signal: controller.signal,
        callModel: answering({ items: [call("c1")], usage: { totalTokens: 6_000 } }),
        runTool: async () => "contents",
      });
      expect(outcome).toMatchObject({ status: "aborted", steps: 1, compactions: [] });
      expect(summarizer.signals.map((signal) => signal.aborted)).toEqual([true]);
      expect((await written()).filter((type) => type === "compaction")).toEqual([]);
      expect(session.history().at(-1)?.item).toEqual(output("c1", "contents"));
    },
  );

  it("writes nothing of a turn whose signal aborted before it began", async () => {
    const { session, written } = newSession();
    const outcome = await runTurn({
      session,
      turnContext,
      userInput: "Hello.",
      signal: AbortSignal.abort(),
      callModel: answering(),
      runTool: async () => "",
    });
    expect(outcome).toMatchObject({ status: "aborted", steps: 0, items: [] });
    expect(session.history()).toEqual([]);
    // Not even the session's first record: the store never heard of it.
    await expect(written()).rejects.toMatchObject({ code: "session-not-found" });
  });

  it("writes no user message when the abort lands in the compaction before a turn", async () => {
    const controller = new AbortController();
    const summarizer = abortingSummarizer(controller, false);
    const { session, written } = newSession(summarizer.summarize);
    await runTurn({
      session,
      turnContext,
      userInput: "First.",
      callModel: answering({ items: [assistant("Long.")], usage: { totalTokens: 6_000 } }),
      runTool: async () => "",
    });
    const before = await written();
    const outcome = await runTurn({
      session,
      turnContext,
      userInput: "Second.",
      signal: controller.signal,
      callModel: answering(),
      runTool: async () => "",
    });
    expect(outcome).toMatchObject({ status: "aborted", steps: 0 });
    expect(summarizer.signals).toHaveLength(1);
    expect(await written()).toEqual(before);
    expect(JSON.stringify(session.history())).not.toContain("Second.");
  });

  it("ends without waiting for a model call or a tool that does not heed the signal", async () => {
    for (const where of ["model", "tool"] as const) {
      const controller = new AbortController();
      const { session } = newSession();
      const never = () => {
        controller.abort();
        return new Promise<never>(() => undefined);
      };
      const outcome = await runTurn({
        session,
        turnContext,
        userInput: "Go.",
        signal: controller.signal,
        callModel: where === "model" ? never : answering({ items: [call("c1")] }),
        runTool: never,
      });
      expect(outcome).toMatchObject({ status: "aborted", steps: where === "model" ? 0 : 1 });
      expect(session.history().some((entry) => entry.origin.source === "tool")).toBe(false);
    }
  });
});
