import type { AnswerEnding, ModelAnswer } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { assistant, call } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { resumeSession } from "../log/resume-session.js";
import { SessionError } from "../session-error.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { runTurn } from "./run-turn.js";
import type { TurnContext } from "./turn-context.js";

const turnContext: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
};

/** Runs one turn whose model answers `answer`, in a session written to a memory store. */
async function turnAnswering(answer: ModelAnswer) {
  const store = createMemoryRolloutStore();
  const session = createSession({ store, tokenizer: approximateTokenizer });
  const ran: string[] = [];
  const outcome = await runTurn({
    session,
    turnContext,
    userInput: "Go on.",
    callModel: async () => answer,
    runTool: async (toolCall) => {
      ran.push(toolCall.call_id);
      return "ran";
    },
  });
  const { records } = await store.read(session.id, { from: "start" });
  return { outcome, ran, records, session, store };
}

describe("runTurn with an answer that did not complete", () => {
  it.each(["cut", "refused", "failed", "aborted"] as const)(
    "ends the turn as %s, records the answer with its ending and runs none of its calls",
    async (ending: AnswerEnding) => {
      const { outcome, ran, records } = await turnAnswering({
        items: [assistant("Half"), call("c1")],
        usage: { totalTokens: 900 },
        ending,
      });
      expect(outcome.status).toBe(ending);
      expect(outcome.steps).toBe(1);
      expect(outcome.items).toEqual([assistant("Half"), call("c1")]);
      expect(ran).toEqual([]);
      expect(records.slice(-4).map((record) => record.type)).toEqual([
        "response_item",
        "response_item",
        "reported_usage",
        "answer_ending",
      ]);
      expect(records.at(-1)?.payload).toEqual({ ending });
    },
  );

  it("writes no ending for a completed answer, and reads an ending back on resume", async () => {
    const completed = await turnAnswering({ items: [assistant("Done.")], ending: "completed" });
    expect(completed.outcome.status).toBe("completed");
    expect(completed.records.some((record) => record.type === "answer_ending")).toBe(false);

    const cut = await turnAnswering({ items: [assistant("Hal")], ending: "cut" });
    const resumed = await resumeSession(cut.store, { sessionId: cut.session.id });
    expect(resumed.history().map((entry) => entry.item)).toEqual(
      cut.session.history().map((entry) => entry.item),
    );
  });

  it("writes nothing of an answer whose usage or ending does not fit, items included", async () => {
    for (const answer of [
      { items: [call("c1")], usage: { totalTokens: -1 } },
      { items: [call("c1")], ending: "stopped" },
    ]) {
      const store = createMemoryRolloutStore();
      const session = createSession({ store, tokenizer: approximateTokenizer });
      const run = runTurn({
        session,
        turnContext,
        userInput: "Go on.",
        callModel: async () => answer as ModelAnswer,
        runTool: async () => "ran",
      });
      await expect(run).rejects.toBeInstanceOf(SessionError);
      const { records } = await store.read(session.id, { from: "start" });
      expect(records.at(-1)?.type).toBe("world_state");
      expect(session.history().some((entry) => entry.item.type === "function_call")).toBe(false);
    }
  });
});
