import type { ModelAnswer } from "@ctx/protocol";
import { createMemoryRolloutStore, RolloutConflictError } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { assistant, call, output } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { resumeSession } from "../log/resume-session.js";
import { SessionError } from "../session-error.js";
import { type RunTurnOptions, runTurn } from "./run-turn.js";
import type { TurnContext } from "./turn-context.js";
import { carryingAnswer, UnrecordedAnswerError } from "./unrecorded-answer-error.js";

const turnContext: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

/** A session on a memory store, and a step that has another writer append to it. */
function racedSession() {
  const store = createMemoryRolloutStore();
  const session = createSession({ store });
  const otherWriterAppends = async () => {
    const other = await resumeSession(store, { sessionId: session.id });
    await other.beginTurn(turnContext, "Meanwhile, elsewhere.");
  };
  return { store, session, otherWriterAppends };
}

async function lostTurn(options: Pick<RunTurnOptions, "session" | "callModel" | "runTool">) {
  const error = await runTurn({ ...options, turnContext, userInput: "Tidy up." }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnrecordedAnswerError);
  return error as UnrecordedAnswerError;
}

describe("UnrecordedAnswerError", () => {
  it("carries the answer a lost race left unrecorded, says to resume, and is recorded after a resume", async () => {
    const { store, session, otherWriterAppends } = racedSession();
    const answer: ModelAnswer = {
      items: [assistant("Paid for."), call("c1")],
      usage: { totalTokens: 3_520 },
    };
    const error = await lostTurn({
      session,
      callModel: async () => {
        await otherWriterAppends();
        return answer;
      },
      runTool: async () => "ran",
    });
    expect(error).toBeInstanceOf(SessionError);
    expect(error.code).toBe("unrecorded-answer");
    expect(error.answer).toBe(answer);
    expect(error.sessionId).toBe(session.id);
    expect(RolloutConflictError.isInstance(error.cause)).toBe(true);
    expect(error.message).toMatch(
      /^2 item\(s\) of the turn were not recorded: session .* another writer got there first\. Resume the session/,
    );
    expect(error.stack).toContain("runTurn");

    const resumed = await resumeSession(store, { sessionId: session.id });
    await resumed.recordAnswer(error.answer);
    expect(
      resumed
        .history()
        .slice(-2)
        .map((entry) => entry.item),
    ).toEqual(answer.items);
    expect(resumed.tokenUsage()).toMatchObject({ source: "reported" });
  });

  it("carries a tool's output when the race is lost while the tool ran", async () => {
    const { session, otherWriterAppends } = racedSession();
    const error = await lostTurn({
      session,
      callModel: async () => ({ items: [call("c1")] }),
      runTool: async () => {
        await otherWriterAppends();
        return "ran";
      },
    });
    expect(error.answer).toEqual({ items: [output("c1", "ran")] });
  });

  it("leaves other failures of the store as they were", () => {
    const failure = new Error("disk full");
    expect(carryingAnswer(failure, { items: [] })).toBe(failure);
  });
});
