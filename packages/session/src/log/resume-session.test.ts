import { createMemoryFileSystem, discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import type { ResponseItem } from "@ctx/protocol";
import { agentsMdInstructions } from "@ctx/registry";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { beforeAll, describe, expect, it } from "vitest";
import { copyRollout } from "../__fixtures__/copy-rollout.js";
import { createFakeSummarizer } from "../__fixtures__/fake-summarizer.js";
import { createSession } from "../create-session.js";
import type { TurnContext } from "../turn/turn-context.js";
import { forkSession } from "./fork-session.js";
import { resumeSession } from "./resume-session.js";

const agentsMd = (text: string) =>
  discoverAgentsMd({ cwd: "/repo", fs: createMemoryFileSystem({ "/repo/AGENTS.md": text }) });

let loaded = new Map<string, LoadedAgentsMd>();
const context = (text: string): TurnContext => ({
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
  agentsMd: loaded.get(text) ?? failMissing(text),
});

function failMissing(text: string): never {
  throw new Error(`load ${text} first`);
}

beforeAll(async () => {
  loaded = new Map(
    await Promise.all(
      ["Rule one.", "Rule two.", "R."].map(async (text) => [text, await agentsMd(text)] as const),
    ),
  );
});

const agentsBlocks = (items: readonly ResponseItem[]) =>
  items.flatMap((item) =>
    item.type === "message"
      ? item.content.flatMap((content) =>
          content.type === "input_text" && agentsMdInstructions.matches(content.text)
            ? [agentsMdInstructions.parse(content.text)]
            : [],
        )
      : [],
  );

describe("resumeSession", () => {
  it("keeps a given history ahead of what is recorded before the first turn", async () => {
    const store = createMemoryRolloutStore();
    const said = (text: string): ResponseItem => ({
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text }],
    });
    const session = createSession({
      store,
      history: [{ item: said("from an earlier run"), origin: { source: "model" } }],
    });
    await session.record([said("recorded before the first turn")]);
    const resumed = await resumeSession(store, { sessionId: session.id });
    expect(resumed.history()).toEqual(session.history());
    expect(resumed.history().map(({ item }) => item)).toEqual([
      said("from an earlier run"),
      said("recorded before the first turn"),
    ]);
  });

  it("continues the history byte for byte and sends nothing when nothing changed", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    const first = await session.beginTurn(context("Rule one."), "one");
    const resumed = await resumeSession(store, { sessionId: session.id });
    expect(resumed.history()).toEqual(session.history());
    const next = await resumed.beginTurn(context("Rule one."), "two");
    expect(next.input.slice(0, first.input.length)).toEqual(first.input);
    expect(next.input).toHaveLength(first.input.length + 1);
    expect(next.cacheBreak).toBeUndefined();
    expect(next.instructions).toBe(first.instructions);
    expect(await store.info(session.id)).toMatchObject({
      cwd: "/repo",
      meta: { writer: "@ctx/session", format: 1 },
    });
  });

  it("sends exactly one replacement for an AGENTS.md edited while the session was closed", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(context("Rule one."), "one");
    const resumed = await resumeSession(store, { sessionId: session.id });
    const request = await resumed.beginTurn(context("Rule two."), "two");
    expect(agentsBlocks(request.input)).toEqual([
      { directory: "/repo", text: "Rule one." },
      { directory: "/repo", text: "Rule two.", supersedes: true },
    ]);
    const after = await resumed.beginTurn(context("Rule two."), "three");
    expect(agentsBlocks(after.input)).toHaveLength(2);
  });

  it("warns once when it resumes with another model", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(context("R."), "one");
    const resumed = await resumeSession(store, { sessionId: session.id });
    const request = await resumed.beginTurn({ ...context("R."), model: "other-model" }, "two");
    expect(request.warnings.map((warning) => warning.code)).toContain("resumed-with-another-model");
  });

  it("replays rollbacks", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(context("R."), "one");
    await session.beginTurn(context("R."), "two");
    await session.rollback(1);
    const resumed = await resumeSession(store, { sessionId: session.id });
    expect(resumed.history()).toEqual(session.history());
  });
});

describe("the first request after a resume, rollback or fork", () => {
  const answer: ResponseItem = {
    type: "message",
    role: "assistant",
    content: [{ type: "output_text", text: "Done." }],
  };
  const inFolder = (cwd: string): TurnContext => ({
    ...context("R."),
    environments: [{ id: "local", cwd, shell: "bash" }],
  });

  /** Two answered turns, the second in another folder, then a rollback of the second. */
  async function rolledBack(store: ReturnType<typeof createMemoryRolloutStore>) {
    const session = createSession({ store });
    await session.beginTurn(inFolder("/repo"), "one");
    await session.record([answer]);
    await session.beginTurn(inFolder("/repo/app"), "two");
    await session.record([answer]);
    await session.rollback(1);
    return session;
  }

  it("reports where it breaks the rollout's last request, as the live session does", async () => {
    const store = createMemoryRolloutStore();
    const live = await rolledBack(store);
    const resumed = await resumeSession(await copyRollout(store, live.id), { sessionId: live.id });
    const request = await resumed.beginTurn(inFolder("/repo"), "three");
    expect(request.cacheBreak).toMatchObject({ index: 4, kinds: ["environment_context"] });
    const liveRequest = await live.beginTurn(inFolder("/repo"), "three");
    expect(request.cacheBreak).toEqual(liveRequest.cacheBreak);
    expect(request.input).toEqual(liveRequest.input);
  });

  it("reports none when the request begins with the rollout's last request", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(inFolder("/repo"), "one");
    await session.record([answer]);
    const resumed = await resumeSession(store, { sessionId: session.id });
    const request = await resumed.beginTurn(inFolder("/repo"), "two");
    expect(request.cacheBreak).toBeUndefined();
    const again = await resumed.beginTurn(inFolder("/repo"), "three");
    expect(again.cacheBreak).toBeUndefined();
  });

  it("reports where it breaks the last request before a manual compaction, as the live session does", async () => {
    const store = createMemoryRolloutStore();
    const { summarize } = createFakeSummarizer();
    const live = createSession({ store, summarizer: summarize });
    await live.beginTurn(inFolder("/repo"), "one");
    await live.record([answer]);
    await live.beginTurn(inFolder("/repo"), "two");
    await live.record([answer]);
    await live.compact();
    const resumed = await resumeSession(await copyRollout(store, live.id), {
      sessionId: live.id,
      summarizer: summarize,
    });
    const request = await resumed.beginTurn(inFolder("/repo"), "three");
    // The kept "one" now comes first, where the last request began with its context.
    expect(request.cacheBreak).toMatchObject({ index: 0, previous: { role: "developer" } });
    const liveRequest = await live.beginTurn(inFolder("/repo"), "three");
    expect(request.cacheBreak).toEqual(liveRequest.cacheBreak);
    expect(request.input).toEqual(liveRequest.input);
  });

  it("takes a fork's last request at the turn it keeps, not the parent's latest", async () => {
    const store = createMemoryRolloutStore();
    const parent = createSession({ store });
    await parent.beginTurn(inFolder("/repo"), "one");
    await parent.record([answer]);
    await parent.beginTurn(inFolder("/repo/app"), "two");
    await parent.record([answer]);
    const kept = await forkSession(store, { sessionId: parent.id, atTurn: 1 });
    expect((await kept.beginTurn(inFolder("/repo"), "fork")).cacheBreak).toBeUndefined();
    const whole = await forkSession(store, { sessionId: parent.id });
    await whole.rollback(1);
    const request = await whole.beginTurn(inFolder("/repo"), "fork");
    expect(request.cacheBreak).toMatchObject({ index: 4, kinds: ["environment_context"] });
  });
});

describe("forkSession", () => {
  it("starts the fork's first request with the parent's input at the turn it keeps", async () => {
    const store = createMemoryRolloutStore();
    const parent = createSession({ store });
    const first = await parent.beginTurn(context("R."), "one");
    await parent.beginTurn(context("R."), "two");
    const fork = await forkSession(store, { sessionId: parent.id, atTurn: 1 });
    const request = await fork.beginTurn(context("R."), "fork seed");
    expect(request.input.slice(0, first.input.length)).toEqual(first.input);
    expect(request.input).toHaveLength(first.input.length + 1);
    expect((await store.info(fork.id))?.parent).toEqual({ sessionId: parent.id, sequence: 5 });
  });
});
