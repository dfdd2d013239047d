import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import type { JsonValue } from "@ctx/protocol";
import { type CompactionState, compactionState } from "@ctx/registry";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { copyRollout } from "../__fixtures__/copy-rollout.js";
import { assistant, output } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { forkSession } from "../log/fork-session.js";
import { resumeSession } from "../log/resume-session.js";
import type { Session, SessionOptions } from "../session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import type { TurnContext } from "../turn/turn-context.js";

const turn: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};
const call = (id: string, name: string, args: unknown) =>
  ({ type: "function_call", call_id: id, name, arguments: JSON.stringify(args) }) as const;

/** The typed states a request shows the model, read back from their fragments. */
function shownStates(input: readonly { type: string }[]): CompactionState[] {
  return input.flatMap((item) => {
    if (item.type !== "message" || !("content" in item) || !Array.isArray(item.content)) return [];
    return item.content.flatMap((part: { text?: string }) => {
      const state = part.text === undefined ? undefined : compactionState.parse(part.text);
      return state === undefined ? [] : [state];
    });
  });
}

/**
 * A session with planted facts: a constraint at turn 1, a file read at turn 2, two tool calls
 * pending at the first compaction (one answered after it), a file patched at turn 4, and a second
 * compaction; the fallback summarizer writes both summaries.
 */
async function plantedSession(options: SessionOptions): Promise<Session> {
  const session = createSession(options);
  await session.beginTurn(
    turn,
    "Refactor the date module. Never push to main; open a pull request.",
  );
  await session.record([assistant("I will start with the parser.")]);
  await session.beginTurn(turn, "Look at the parser first.");
  await session.record([
    call("read-1", "read_file", { path: "src/date/parse.ts" }),
    output("read-1", "export function parse() {}"),
    assistant("The parser is small."),
  ]);
  await session.beginTurn(turn, "Run the tests and the linter.");
  await session.record([
    call("test-1", "shell", { command: ["pnpm", "test"] }),
    call("lint-1", "shell", { command: ["pnpm", "lint"] }),
  ]);
  await session.compact();
  await session.record([output("lint-1", "No problems.")]);
  await session.beginTurn(turn, "Now note it in the changelog.");
  await session.record([
    call("patch-1", "apply_patch", {
      input: "*** Begin Patch\n*** Update File: CHANGELOG.md\n@@\n+Date refactor.\n*** End Patch",
    }),
    output("patch-1", "Done."),
    assistant("Noted."),
  ]);
  await session.compact();
  return session;
}

function expectPlanted(state: CompactionState | undefined): void {
  expect(state?.task).toBe("Refactor the date module. Never push to main; open a pull request.");
  expect(state?.constraints).toEqual(["Never push to main; open a pull request."]);
  expect(state?.files).toEqual({ read: ["src/date/parse.ts"], changed: ["CHANGELOG.md"] });
  // Pending at the first compaction and never answered: carried by the merge, though the call
  // itself was compacted away; the one answered after the first compaction has ended.
  expect(state?.pendingCalls).toEqual([
    { callId: "test-1", tool: "shell", arguments: '{"command":["pnpm","test"]}' },
  ]);
}

describe("the typed compaction state", () => {
  it("reaches the next request after two compactions, once, just before the summary", async () => {
    const session = await plantedSession({ compaction: { renderState: true } });
    const next = await session.beginTurn(turn, "Open the pull request.");
    const states = shownStates(next.input);
    expect(states).toHaveLength(1);
    expectPlanted(states[0]);
    const labels = next.input.map((item) =>
      item.type === "message" && item.role === "user"
        ? compactionState.parse(
            item.content.map((part) => ("text" in part ? part.text : "")).join(""),
          ) === undefined
          ? "user"
          : "state"
        : item.type,
    );
    // The state sits just before the summary, the new message after it.
    expect(labels.slice(-3)).toEqual(["state", "user", "user"]);
  });

  it("is in every compaction record, and not shown to the model unless asked", async () => {
    const store = createMemoryRolloutStore();
    const session = await plantedSession({ store, sessionId: "s" });
    const next = await session.beginTurn(turn, "Open the pull request.");
    expect(shownStates(next.input)).toEqual([]);
    const records = await compactionRecords(store, "s");
    expect(records).toHaveLength(2);
    expectPlanted(records[1]?.compactionState);
    expect(records[0]?.compactionState?.pendingCalls.map((call) => call.callId)).toEqual([
      "test-1",
      "lint-1",
    ]);
  });

  it("survives a resume and a fork: the next request carries the same state", async () => {
    const store = createMemoryRolloutStore();
    const live = await plantedSession({ store, sessionId: "s", compaction: { renderState: true } });
    const resumed = await resumeSession(await copyRollout(store, "s"), {
      sessionId: "s",
      compaction: { renderState: true },
    });
    const forked = await forkSession(store, { sessionId: "s", compaction: { renderState: true } });
    const expected = shownStates((await live.beginTurn(turn, "Go on.")).input);
    expect(shownStates((await resumed.beginTurn(turn, "Go on.")).input)).toEqual(expected);
    expect(shownStates((await forked.beginTurn(turn, "Go on.")).input)).toEqual(expected);
    await forked.compact();
    const third = shownStates((await forked.beginTurn(turn, "And now?")).input);
    expectPlanted(third[0]);
  });

  it("survives a rollback after the compaction: it is part of the checkpoint", async () => {
    const session = await plantedSession({ compaction: { renderState: true } });
    const before = shownStates((await session.beginTurn(turn, "One more.")).input);
    await session.record([assistant("Done.")]);
    await session.rollback(5);
    const after = shownStates((await session.beginTurn(turn, "Again.")).input);
    expect(after).toEqual(before);
    expectPlanted(after[0]);
  });

  it("resumes a rollout written before the state was kept as it was, and starts it afresh", async () => {
    const store = createMemoryRolloutStore();
    const live = await plantedSession({ store, sessionId: "s" });
    const old = await withoutStates(store, "s");
    const resumed = await resumeSession(old, { sessionId: "s" });
    expect(resumed.history()).toEqual(live.history());
    const ours = await resumed.beginTurn(turn, "Go on.");
    const theirs = await live.beginTurn(turn, "Go on.");
    expect(ours.input).toEqual(theirs.input);
    await resumed.record([call("read-2", "read_file", { path: "src/date/format.ts" })]);
    await resumed.compact();
    const [, , third] = await compactionRecords(old, "s");
    // Nothing to merge from: the task is the first message the compacted history kept.
    expect(third?.compactionState?.files.read).toEqual(["src/date/format.ts"]);
    expect(third?.compactionState?.pendingCalls.map((pending) => pending.callId)).toEqual([
      "read-2",
    ]);
  });

  it("merges the state a summarizer hands back, and ignores one that fails the schema", async () => {
    const given = (state: unknown) => ({
      summarizer: async () => ({ text: "Summary.", state: state as CompactionState }),
      compaction: { renderState: true },
    });
    const decided = await plantedSession(
      given({
        version: 1,
        task: "Something else.",
        constraints: [],
        decisions: ["Keep the old parse signature."],
        pendingCalls: [],
        agents: [],
        todos: [{ text: "Update the docs", status: "open" }],
        files: { read: [], changed: [] },
      }),
    );
    const [state] = shownStates((await decided.beginTurn(turn, "Next.")).input);
    expectPlanted(state);
    expect(state?.decisions).toEqual(["Keep the old parse signature."]);
    expect(state?.todos).toEqual([{ text: "Update the docs", status: "open" }]);

    const broken = await plantedSession(given({ version: 2 }));
    const request = await broken.beginTurn(turn, "Next.");
    expect(request.compaction?.warnings.map((warning) => warning.code)).toContain(
      "summarizer-state-invalid",
    );
    expectPlanted(shownStates(request.input)[0]);
  });
});

describe("the typed compaction state on the other paths", () => {
  const model = defaultModelCatalog.get("ctx-coder");
  const catalog = createModelCatalog([
    { ...model, slug: "tiny", contextWindow: 4_000, autoCompactTokenLimit: 2_000 },
  ]);
  const tiny = { ...turn, model: "tiny" };

  it("mid-turn: shown before the summary, the context before the user's last message", async () => {
    const session = createSession({
      catalog,
      tokenizer: approximateTokenizer,
      compaction: { renderState: true },
    });
    await session.beginTurn(tiny, "Never edit the fixtures.");
    await session.record([call("r1", "read_file", { path: "src/a.ts" })]);
    await session.record([output("r1", "x".repeat(9_000))]);
    const next = await session.nextRequest();
    expect(next.compaction?.trigger).toBe("mid-turn");
    const roles = next.input.map((item) =>
      shownStates([item]).length === 1 ? "state" : item.type === "message" ? item.role : item.type,
    );
    expect(roles.slice(-3)).toEqual(["user", "state", "user"]);
    expect(roles.indexOf("developer")).toBeLessThan(roles.lastIndexOf("user") - 1);
    const [state] = shownStates(next.input);
    expect(state?.constraints).toEqual(["Never edit the fixtures."]);
    expect(state?.files.read).toEqual(["src/a.ts"]);
  });

  it("a provider's compacted history: kept in the record, merged, not shown", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store, sessionId: "s", compaction: { renderState: true } });
    await session.beginTurn(turn, "Only touch src/.");
    await session.record([call("w1", "write_file", { path: "src/b.ts" }), output("w1", "ok")]);
    const replacement = session.history().filter((entry) => entry.origin.source === "user");
    await session.compact({ replacement });
    const next = await session.beginTurn(turn, "Go on.");
    expect(shownStates(next.input)).toEqual([]);
    const [record] = await compactionRecords(store, "s");
    expect(record?.compactionState?.constraints).toEqual(["Only touch src/."]);
    expect(record?.compactionState?.files.changed).toEqual(["src/b.ts"]);
  });
});

async function compactionRecords(
  store: RolloutStore,
  sessionId: string,
): Promise<{ compactionState?: CompactionState }[]> {
  const { records } = await store.read(sessionId, { from: "start" });
  return records
    .filter((record) => record.type === "compaction")
    .map((record) => record.payload as { compactionState?: CompactionState });
}

/** A copy of the rollout as written before the state was kept: no `compactionState` anywhere. */
async function withoutStates(store: RolloutStore, sessionId: string): Promise<RolloutStore> {
  const { session, records } = await store.read(sessionId, { from: "start" });
  const copy = createMemoryRolloutStore();
  await copy.create({ id: sessionId, meta: session.meta });
  await copy.append({
    sessionId,
    expectedSequence: 0,
    appendId: "old",
    records: records.map(({ sequence: _sequence, ...record }) => {
      if (record.type !== "compaction") return record;
      const { compactionState: _state, ...payload } = record.payload as Record<string, JsonValue>;
      return { ...record, payload };
    }),
  });
  return copy;
}
