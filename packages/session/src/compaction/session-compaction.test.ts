import { createMemoryFileSystem, discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import { createModelCatalog, defaultModelCatalog, isSummaryText } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { copyRollout } from "../__fixtures__/copy-rollout.js";
import { createFakeSummarizer } from "../__fixtures__/fake-summarizer.js";
import { assistant, call, output } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { forkSession } from "../log/fork-session.js";
import { resumeSession } from "../log/resume-session.js";
import type { Session, SessionOptions } from "../session.js";
import { SessionError } from "../session-error.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import type { TurnContext } from "../turn/turn-context.js";
import { filterCompactedItems } from "./filter-compacted-items.js";
import { prunedOutputText } from "./prune-tool-outputs.js";

const model = defaultModelCatalog.get("ctx-coder");
const catalog = createModelCatalog([
  { ...model, slug: "tiny", contextWindow: 4_000, autoCompactTokenLimit: 2_000 },
  { ...model, slug: "roomy", contextWindow: 100_000, autoCompactTokenLimit: 90_000 },
]);

let agentsMd: LoadedAgentsMd;
beforeAll(async () => {
  agentsMd = await discoverAgentsMd({
    cwd: "/repo",
    fs: createMemoryFileSystem({ "/repo/AGENTS.md": "Run pnpm test." }),
  });
});
const context = (slug = "roomy"): TurnContext => ({
  model: slug,
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
  agentsMd,
});

/** One label per item: the layout of a request. */
function layout(items: readonly ResponseItem[]): string[] {
  return items.map((item) => {
    if (item.type !== "message") return item.type;
    const texts = item.content.map((part) => ("text" in part ? part.text : part.type));
    const text = texts.join("|");
    if (item.role === "developer") return "developer";
    if (item.role === "assistant") return `assistant:${text}`;
    if (isSummaryText(text)) return "summary";
    if (text.startsWith("# AGENTS.md")) return "context";
    return `user:${text}`;
  });
}

/**
 * Whether the request carries AGENTS.md, the permissions and the environment: told by the origin
 * and kind the session recorded each context message with (never by what a text starts with, which
 * the user may type too), each such message sent in the request.
 */
function pinned(session: Session, items: readonly ResponseItem[]): boolean {
  const context = session
    .history()
    .filter((entry) => entry.origin.source === "context" && items.includes(entry.item));
  const kinds = new Set(
    context.flatMap(({ origin }) => (origin.source === "context" ? origin.kinds : [])),
  );
  return ["agents_md_instructions", "permissions_instructions", "environment_context"].every(
    (kind) => kinds.has(kind),
  );
}

/** Two turns with a tool call: what every scenario starts from. */
async function twoTurns(session: Session, slug = "roomy", big = 0): Promise<void> {
  await session.beginTurn(context(slug), "one");
  await session.record([assistant("a1")]);
  await session.beginTurn(context(slug), "two");
  await session.record([call("c1")]);
  await session.record([output("c1", "x".repeat(big * 4))]);
  await session.record([assistant("a2")]);
}

const optionsWith = (extra: Partial<SessionOptions> = {}) => {
  const fake = createFakeSummarizer();
  return {
    fake,
    options: { catalog, tokenizer: approximateTokenizer, summarizer: fake.summarize, ...extra },
  };
};

/**
 * After a compaction that left no context (before a turn, manual, a resume of either), as Codex
 * 0.171 lays it out: the full context goes just before the last kept message of the user's, the
 * summary after it.
 */
const preTurnLayout = ["user:one", "developer", "context", "user:two", "summary", "user:three"];

describe("session compaction", () => {
  it("after compact(), sends the full context before the last kept message, then the summary, the prompt", async () => {
    const { fake, options } = optionsWith();
    const session = createSession(options);
    await twoTurns(session);
    const report = await session.compact();
    expect(report).toMatchObject({
      trigger: "manual",
      itemsBefore: 8,
      itemsAfter: 3,
      warnings: [],
    });
    expect(fake.requests).toHaveLength(1);
    expect(layout(fake.requests[0]?.input ?? []).at(-1)).toMatch(/^user:This conversation/);
    const next = await session.beginTurn(context(), "three");
    expect(layout(next.input)).toEqual(preTurnLayout);
    expect(pinned(session, next.input)).toBe(true);
    expect(next.compaction).toBe(report);
    const summary = next.input[4];
    expect(summary?.type === "message" && summary.content[0]).toMatchObject({
      text: expect.stringContaining("Summary of 8 items; last: two"),
    });
  });

  it("compacts before a turn over the limit, with the same layout", async () => {
    const { options } = optionsWith();
    const session = createSession(options);
    await twoTurns(session, "tiny", 1_000);
    const next = await session.beginTurn(context("tiny"), "three");
    expect(next.compaction).toMatchObject({ trigger: "context-limit", itemsAfter: 3 });
    expect(layout(next.input)).toEqual(preTurnLayout);
    expect(pinned(session, next.input)).toBe(true);
    expect(next.compaction?.tokensAfter).toBeLessThan(next.compaction?.tokensBefore ?? 0);
  });

  it("compacts with the previous model when the next one's window is smaller", async () => {
    const { fake, options } = optionsWith();
    const session = createSession(options);
    await twoTurns(session, "roomy", 2_500);
    const next = await session.beginTurn(context("tiny"), "three");
    expect(next.compaction?.trigger).toBe("model-downshift");
    expect(fake.requests.map((request) => request.model)).toEqual(["roomy"]);
    expect(layout(next.input)).toEqual(preTurnLayout);
    expect(pinned(session, next.input)).toBe(true);
  });

  it("compacts twice before turns, the context before the last kept message each time, resumed alike", async () => {
    const store = createMemoryRolloutStore();
    const { options } = optionsWith();
    const session = createSession({ ...options, store });
    await twoTurns(session);
    await session.compact();
    await session.beginTurn(context(), "three");
    await session.record([assistant("a3")]);
    await session.compact();
    const resumed = await resumeSession(await copyRollout(store, session.id), {
      ...options,
      sessionId: session.id,
    });
    const live = await session.beginTurn(context(), "four");
    // Codex 0.171 (turns-two-compactions): the first two kept messages, the context, the last
    // kept one, the summary of the second compaction, the new message.
    expect(layout(live.input)).toEqual([
      "user:one",
      "user:two",
      "developer",
      "context",
      "user:three",
      "summary",
      "user:four",
    ]);
    expect(pinned(session, live.input)).toBe(true);
    expect((await resumed.beginTurn(context(), "four")).input).toEqual(live.input);
  });

  it("compacts mid-turn: the full context goes just before the last user message", async () => {
    const { options } = optionsWith();
    const session = createSession(options);
    await session.beginTurn(context("tiny"), "one");
    await session.record([assistant("a1")]);
    await session.beginTurn(context("tiny"), "two");
    await session.record([call("c1"), output("c1", "x".repeat(9_000))]);
    const next = await session.nextRequest();
    expect(next.compaction).toMatchObject({ trigger: "mid-turn" });
    expect(layout(next.input)).toEqual(["user:one", "developer", "context", "user:two", "summary"]);
    expect(pinned(session, next.input)).toBe(true);
    const after = await session.beginTurn(context("tiny"), "three");
    expect(layout(after.input)).toEqual([...layout(next.input), "user:three"]);
  });

  it("sends the full context again when compact() runs inside a turn", async () => {
    const { options } = optionsWith();
    const session = createSession(options);
    await session.beginTurn(context(), "one");
    await session.record([call("c1"), output("c1", "ok")]);
    await session.compact();
    const next = await session.nextRequest();
    expect(layout(next.input)).toEqual(["developer", "context", "user:one", "summary"]);
    expect(pinned(session, next.input)).toBe(true);
    expect(next.compaction?.trigger).toBe("manual");
    const after = await session.nextRequest();
    expect(after.input).toEqual(next.input);
    expect(after.compaction).toBeUndefined();
  });

  it("continues a turn without compacting while under the limit", async () => {
    const session = createSession({ catalog, tokenizer: approximateTokenizer });
    const first = await session.beginTurn(context(), "one");
    await session.record([call("c1"), output("c1", "ok")]);
    const next = await session.nextRequest();
    expect(next.input).toEqual([...first.input, call("c1"), output("c1", "ok")]);
    expect(next.compaction).toBeUndefined();
    expect(next.cacheBreak).toBeUndefined();
  });

  it("installs a provider's compacted items with the same placement", async () => {
    const session = createSession({ catalog, tokenizer: approximateTokenizer });
    await twoTurns(session);
    const compaction: ResponseItem = { type: "compaction", encrypted_content: "QUJD" };
    const replacement = filterCompactedItems(
      [...session.history().map((entry) => entry.item), compaction],
      createStandardRegistry(),
    );
    const report = await session.compact({ replacement });
    expect(report?.trigger).toBe("server");
    const next = await session.beginTurn(context(), "three");
    expect(layout(next.input)).toEqual([
      "user:one",
      "assistant:a1",
      "developer",
      "context",
      "user:two",
      "assistant:a2",
      "compaction",
      "user:three",
    ]);
    expect(pinned(session, next.input)).toBe(true);
  });

  it.each(["throw", "empty", "hang"] as const)(
    "writes a fallback summary when the summarizer fails (%s)",
    async (fail) => {
      const fake = createFakeSummarizer({ fail });
      const session = createSession({
        catalog,
        tokenizer: approximateTokenizer,
        summarizer: fake.summarize,
        compaction: { summaryTimeout: 20 },
      });
      await twoTurns(session);
      const report = await session.compact();
      expect(report?.warnings.map((warning) => warning.code)).toEqual(["summarizer-failed"]);
      const next = await session.beginTurn(context(), "three");
      expect(layout(next.input)).toEqual(preTurnLayout);
      const summary = next.input[4];
      expect(summary?.type === "message" && summary.content[0]).toMatchObject({
        text: expect.stringContaining(
          "Commands run through tools:\n- ls\n\nThe model's last message:\na2",
        ),
      });
      expect(next.warnings.map((warning) => warning.code)).toContain("summarizer-failed");
    },
  );

  it("changes nothing when compacting twice in a row", async () => {
    const { fake, options } = optionsWith();
    const session = createSession(options);
    await twoTurns(session);
    await session.compact();
    const history = session.history();
    expect(await session.compact()).toBeUndefined();
    expect(session.history()).toEqual(history);
    expect(fake.requests).toHaveLength(1);
  });

  it("writes the fallback summary, and says so, when the session has no summarizer", async () => {
    const session = createSession({ catalog, tokenizer: approximateTokenizer });
    await twoTurns(session);
    const report = await session.compact();
    expect(report?.warnings.map((warning) => warning.code)).toEqual(["no-summarizer"]);
    expect(layout(session.history().map((entry) => entry.item))).toEqual([
      "user:one",
      "user:two",
      "summary",
    ]);
  });

  it("prunes old tool outputs from the summarizer's request when asked", async () => {
    const { fake, options } = optionsWith({
      compaction: { pruneToolOutputs: { protectTokens: 10, minimumTokens: 100 } },
    });
    const session = createSession(options);
    await twoTurns(session, "roomy", 500);
    await session.record([call("c2"), output("c2", "recent")]);
    const report = await session.compact();
    expect(report?.warnings.map((warning) => warning.code)).toEqual(["tool-outputs-pruned"]);
    const outputs = (fake.requests[0]?.input ?? []).flatMap((item) =>
      item.type === "function_call_output" ? [item.output] : [],
    );
    expect(outputs).toEqual([prunedOutputText, "recent"]);
  });

  it("appends the caller's guidance to the default prompt", async () => {
    const { fake, options } = optionsWith({ compaction: { guidance: "Keep file paths." } });
    const session = createSession(options);
    await twoTurns(session);
    await session.compact({ guidance: "Keep the error text." });
    const prompt = layout(fake.requests[0]?.input ?? []).at(-1) ?? "";
    expect(prompt).toMatch(/^user:This conversation is about to be compacted/);
    expect(prompt).toMatch(/Keep file paths\.\nKeep the error text\.\n$/);
  });

  it("refuses nextRequest before a turn and wrong compact options", async () => {
    const session = createSession();
    await expect(session.nextRequest()).rejects.toThrow(SessionError);
    await expect(session.nextRequest()).rejects.toMatchObject({ code: "turn-not-started" });
    await expect(session.compact({ guidance: 3 } as never)).rejects.toThrow(
      /^invalid options: guidance/,
    );
    expect(await session.compact()).toBeUndefined();
  });
});

describe("compaction in the rollout", () => {
  /** A store that records where each read starts and what it returns first. */
  function spy(store: RolloutStore) {
    const reads: { from: string | undefined; first: string | undefined }[] = [];
    const spied: RolloutStore = {
      ...store,
      read: async (id, options) => {
        const read = await store.read(id, options);
        reads.push({ from: options?.from, first: read.records[0]?.type });
        return read;
      },
    };
    return { reads, store: spied };
  }

  const scenarios: Record<string, (session: Session) => Promise<void>> = {
    manual: async (session) => {
      await twoTurns(session);
      await session.compact();
    },
    "context-limit": async (session) => {
      await twoTurns(session, "tiny", 1_000);
      await session.beginTurn(context("tiny"), "between");
    },
    "mid-turn": async (session) => {
      await twoTurns(session, "tiny", 1_000);
      await session.nextRequest();
    },
    server: async (session) => {
      await twoTurns(session);
      await session.compact({
        replacement: session.history().filter((entry) => entry.origin.source === "user"),
      });
    },
  };

  it.each(Object.entries(scenarios))(
    "resumes after a %s compaction to the live session's next request, reading from the checkpoint",
    async (_name, run) => {
      const store = createMemoryRolloutStore();
      const { options } = optionsWith();
      const live = createSession({ ...options, store });
      await run(live);
      const spied = spy(await copyRollout(store, live.id));
      const resumed = await resumeSession(spied.store, { ...options, sessionId: live.id });
      expect(resumed.history()).toEqual(live.history());
      expect(spied.reads).toEqual([{ from: "latest-checkpoint", first: "compaction" }]);
      const [liveNext, resumedNext] = await Promise.all([
        live.beginTurn(context("tiny"), "three"),
        resumed.beginTurn(context("tiny"), "three"),
      ]);
      expect(resumedNext.input).toEqual(liveNext.input);
      expect(resumedNext.instructions).toBe(liveNext.instructions);
      expect(pinned(live, liveNext.input)).toBe(true);
    },
  );

  it("appends one checkpoint record holding the replacement history and the state", async () => {
    const store = createMemoryRolloutStore();
    const { options } = optionsWith();
    const session = createSession({ ...options, store });
    await scenarios.manual?.(session);
    const { records } = await store.read(session.id, { from: "latest-checkpoint" });
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({ type: "compaction", checkpoint: true });
    expect(record?.payload).toMatchObject({
      trigger: "manual",
      replacementHistory: session.history().map((entry) => entry.item),
      origins: session.history().map((entry) => entry.origin),
      fullContext: true,
      turnCount: 2,
      model: "roomy",
    });
    const whole = await store.read(session.id, { from: "start" });
    expect(whole.records.filter((stored) => stored.type === "turn")).toHaveLength(2);
  });

  it("refuses a compaction record whose origins do not match its items", async () => {
    const store = createMemoryRolloutStore();
    const { options } = optionsWith();
    const session = createSession({ ...options, store });
    await scenarios.manual?.(session);
    const { records, session: info } = await store.read(session.id, { from: "latest-checkpoint" });
    const payload = records[0]?.payload;
    if (typeof payload !== "object" || payload === null || Array.isArray(payload))
      throw new Error("no payload");
    await store.append({
      sessionId: session.id,
      expectedSequence: info.nextSequence,
      appendId: "forged",
      records: [{ type: "compaction", checkpoint: true, payload: { ...payload, origins: [] } }],
    });
    await expect(resumeSession(store, { ...options, sessionId: session.id })).rejects.toThrow(
      /has 3 items but 0 origins/,
    );
    await expect(resumeSession(store, { ...options, sessionId: session.id })).rejects.toMatchObject(
      { name: "SessionError", code: "unreadable-rollout" },
    );
  });

  it("forks after a compaction from the checkpoint, and before it from the whole rollout", async () => {
    const store = createMemoryRolloutStore();
    const { options } = optionsWith();
    const live = createSession({ ...options, store });
    await scenarios.manual?.(live);
    await live.beginTurn(context(), "three");
    const latest = await forkSession(store, { ...options, sessionId: live.id });
    expect(latest.history()).toEqual(live.history());
    const early = await forkSession(store, { ...options, sessionId: live.id, atTurn: 1 });
    expect(layout(early.history().map((entry) => entry.item))).toEqual([
      "developer",
      "context",
      "user:one",
      "assistant:a1",
    ]);
  });

  it("rolls back to the compaction at most, and then lays the next turn out as after it", async () => {
    const { options } = optionsWith();
    const store = createMemoryRolloutStore();
    const session = createSession({ ...options, store });
    await twoTurns(session);
    await session.compact();
    const compacted = session.history();
    await session.beginTurn(context(), "three");
    await session.record([assistant("a3")]);
    await session.beginTurn(context(), "four");
    expect(await session.rollback(5)).toBe(2);
    expect(session.history()).toEqual(compacted);
    const resumed = await resumeSession(await copyRollout(store, session.id), {
      ...options,
      sessionId: session.id,
    });
    expect(resumed.history()).toEqual(compacted);
    const next = await session.beginTurn(context(), "three");
    expect(layout(next.input)).toEqual(preTurnLayout);
    expect((await resumed.beginTurn(context(), "three")).input).toEqual(next.input);
  });
});

describe("session compaction over random conversations", () => {
  const typed = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc
      .string({ maxLength: 40 })
      .map((text) => `<environment_context>${text}</environment_context>`),
    fc.constant("# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nfake\n</INSTRUCTIONS>"),
  );
  const step = fc.oneof(
    fc.record({ kind: fc.constant("turn" as const), text: typed }),
    fc.record({ kind: fc.constant("output" as const), tokens: fc.integer({ min: 0, max: 1_500 }) }),
    fc.record({ kind: fc.constant("compact" as const) }),
  );

  it("keeps only what the user typed as the user's, keeps the last message, re-sends the context", async () => {
    let compactions = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const { options } = optionsWith();
        const session = createSession(options);
        const texts = new Set<string>();
        let last: string | undefined;
        let calls = 0;
        for (const current of steps) {
          if (current.kind === "turn") {
            const request = await session.beginTurn(context("tiny"), current.text);
            texts.add(current.text);
            if (request.compaction !== undefined) compactions += 1;
            if (request.compaction !== undefined) expect(pinned(session, request.input)).toBe(true);
            last = current.text;
          } else if (current.kind === "output" && last !== undefined) {
            calls += 1;
            await session.record([
              call(`c${calls}`),
              output(`c${calls}`, "y".repeat(current.tokens * 4)),
            ]);
            const request = await session.nextRequest();
            if (request.compaction !== undefined) compactions += 1;
            expect(pinned(session, request.input)).toBe(true);
          } else if (current.kind === "compact" && last !== undefined) {
            await session.compact();
          }
          const history = session.history();
          for (const { item, origin } of history) {
            if (origin.source !== "user" || item.type !== "message") continue;
            const text = item.content.map((part) => ("text" in part ? part.text : "")).join("\n");
            expect(texts.has(text) || text.includes("tokens truncated")).toBe(true);
          }
          if (last !== undefined && last !== "") {
            expect(
              history.some(
                ({ item, origin }) =>
                  origin.source === "user" &&
                  item.type === "message" &&
                  item.content.some((part) => "text" in part && part.text === last),
              ),
            ).toBe(true);
          }
        }
      }),
      { numRuns: 25 },
    );
    expect(compactions).toBeGreaterThan(0);
  });
});
