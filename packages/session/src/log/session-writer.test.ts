import type { ResponseItem } from "@ctx/protocol";
import {
  createMemoryRolloutStore,
  RolloutConflictError,
  RolloutError,
  type RolloutStore,
} from "@ctx/rollout";
import { rejection } from "@ctx/rollout/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { createSession } from "../create-session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import type { TurnContext } from "../turn/turn-context.js";
import { forkSession } from "./fork-session.js";
import { resumeSession } from "./resume-session.js";

const turn: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};
const assistant = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});
const options = { tokenizer: approximateTokenizer };

/** The user's and the model's texts of a history, in order: what a merge or a loss would change. */
const said = (entries: readonly { item: ResponseItem; origin: { source: string } }[]) =>
  entries.flatMap(({ item, origin }) =>
    item.type === "message" && (origin.source === "user" || origin.source === "model")
      ? item.content.map((content) => ("text" in content ? content.text : ""))
      : [],
  );

/** A real store whose next answer to `method` is lost after the call took effect, as a dropped connection loses it. */
function losingAnswers(
  store: RolloutStore,
): RolloutStore & { lose(method: "create" | "append"): void } {
  const lost = new Set<string>();
  const answer = async <Result>(method: string, call: Promise<Result>): Promise<Result> => {
    const result = await call;
    if (lost.delete(method))
      throw new RolloutError("io-failed", `the answer to ${method} was lost on the way`);
    return result;
  };
  return {
    ...store,
    create: (request) => answer("create", store.create(request)),
    append: (request) => answer("append", store.append(request)),
    lose: (method) => lost.add(method),
  };
}

// The memory store here; the same scenarios over the JSONL store, with racing writers, forks,
// rollbacks and compactions, are the one-writer property in @ctx/integration.
describe("one writer per session", () => {
  let store: RolloutStore;
  beforeEach(() => {
    store = createMemoryRolloutStore();
  });

  it("refuses the second of two resumed writers at once, and keeps the first one's turn whole", async () => {
    await createSession({ store, sessionId: "s", ...options }).beginTurn(turn, "first");
    const a = await resumeSession(store, { sessionId: "s", ...options });
    const b = await resumeSession(store, { sessionId: "s", ...options });
    await a.beginTurn(turn, "A");
    const before = b.history();
    const refused = await rejection(b.beginTurn(turn, "B"));
    expect(RolloutConflictError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ code: "conflict", sessionId: "s" });
    const { expected, actual } = refused as RolloutConflictError;
    expect(actual).toBe((await store.info("s"))?.nextSequence);
    expect(expected).toBeLessThan(actual);
    const recorded = await rejection(b.record([assistant("B reply")]));
    expect(recorded).toMatchObject({ code: "conflict", expected, actual });
    expect(b.history()).toEqual(before);
    await a.record([assistant("A reply")]);
    const read = await resumeSession(store, { sessionId: "s", ...options });
    expect(said(read.history())).toEqual(["first", "A", "A reply"]);
    expect(read.history()).toEqual(a.history());

    // The refused caller resumes again and goes on after the other writer's turn.
    const again = await resumeSession(store, { sessionId: "s", ...options });
    await again.beginTurn(turn, "B");
    await again.record([assistant("B reply")]);
    const refusedA = await rejection(a.record([assistant("A again")]));
    expect(RolloutConflictError.isInstance(refusedA)).toBe(true);
    expect(said((await resumeSession(store, { sessionId: "s", ...options })).history())).toEqual([
      "first",
      "A",
      "A reply",
      "B",
      "B reply",
    ]);
  });

  it("refuses a session whose rollout a writer with the same id created first", async () => {
    const first = createSession({ store, sessionId: "s", ...options });
    const second = createSession({ store, sessionId: "s", ...options });
    await first.beginTurn(turn, "one");
    const refused = await rejection(second.beginTurn(turn, "two"));
    expect(RolloutConflictError.isInstance(refused)).toBe(true);
    expect(second.history()).toEqual([]);
    expect(said((await resumeSession(store, { sessionId: "s", ...options })).history())).toEqual([
      "one",
    ]);
  });

  it("refuses a fork over a session that exists, and keeps fork and parent apart", async () => {
    const parent = createSession({ store, sessionId: "parent", ...options });
    await parent.beginTurn(turn, "one");
    const fork = await forkSession(store, { sessionId: "parent", forkId: "fork", ...options });
    await fork.beginTurn(turn, "fork turn");
    const over = await rejection(
      forkSession(store, { sessionId: "parent", forkId: "fork", ...options }),
    );
    expect(RolloutConflictError.isInstance(over)).toBe(true);
    await parent.record([assistant("parent reply")]);
    expect(said((await resumeSession(store, { sessionId: "fork", ...options })).history())).toEqual(
      ["one", "fork turn"],
    );
    expect(
      said((await resumeSession(store, { sessionId: "parent", ...options })).history()),
    ).toEqual(["one", "parent reply"]);
  });

  it("takes a call sent again after its answer was lost for the write it was", async () => {
    const losing = losingAnswers(store);
    const session = createSession({ store: losing, sessionId: "s", ...options });
    losing.lose("create");
    expect(await rejection(session.beginTurn(turn, "one"))).toMatchObject({ code: "io-failed" });
    expect(session.history()).toEqual([]);
    // The next write is another call, from another folder: the create is sent as it was.
    await session.beginTurn(
      { ...turn, environments: [{ id: "local", cwd: "/elsewhere", shell: "bash" }] },
      "one",
    );
    expect((await store.info("s"))?.cwd).toBe("/repo");
    losing.lose("append");
    expect(await rejection(session.record([assistant("reply")]))).toMatchObject({
      code: "io-failed",
    });
    expect(said(session.history())).toEqual(["one"]);
    await session.record([assistant("reply")]);
    expect(said(session.history())).toEqual(["one", "reply"]);
    const read = await resumeSession(store, { sessionId: "s", ...options });
    expect(read.history()).toEqual(session.history());

    // Another call after a lost answer is not taken for the lost one: the session must resume.
    losing.lose("append");
    await rejection(session.record([assistant("lost answer")]));
    const other = await rejection(session.record([assistant("something else")]));
    expect(RolloutConflictError.isInstance(other)).toBe(true);
    expect(said((await resumeSession(store, { sessionId: "s", ...options })).history())).toEqual([
      "one",
      "reply",
      "lost answer",
    ]);
  });
});
