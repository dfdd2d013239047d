import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { createFakeSummarizer } from "../__fixtures__/fake-summarizer.js";
import { assistant, call, output } from "../__fixtures__/items.js";
import { spyTokenizer } from "../__fixtures__/spy-tokenizer.js";
import { createSession } from "../create-session.js";
import { resumeSession } from "../log/resume-session.js";
import type { Session, SessionOptions } from "../session.js";
import { SessionError } from "../session-error.js";
import type { TurnContext } from "../turn/turn-context.js";
import { approximateTokenizer } from "./approximate-tokenizer.js";
import { countItemTokens } from "./count-item-tokens.js";

const model = defaultModelCatalog.get("ctx-coder");
const catalog = createModelCatalog([
  { ...model, slug: "tiny", contextWindow: 4_000, autoCompactTokenLimit: 2_000 },
  { ...model, slug: "small", contextWindow: 10_000, autoCompactTokenLimit: 5_000 },
  { ...model, slug: "roomy", contextWindow: 100_000, autoCompactTokenLimit: 90_000 },
]);

const context = (slug = "roomy"): TurnContext => ({
  model: slug,
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
});

const tokensOf = (item: ResponseItem): number => countItemTokens(item, approximateTokenizer);

const options = (extra: Partial<SessionOptions> = {}): SessionOptions => ({
  catalog,
  tokenizer: spyTokenizer(),
  summarizer: createFakeSummarizer().summarize,
  ...extra,
});

describe("session.reportUsage", () => {
  it("adds the session's count of what came after the last model item to the reported total", async () => {
    const session = createSession(options());
    await session.beginTurn(context(), "one");
    await session.record([assistant("a1")]);
    const before = session.tokenUsage();
    expect(before.source).toBe("counted");
    expect(before.used).toBe(before.counted);

    await session.reportUsage({ totalTokens: 5_000 });
    expect(session.tokenUsage()).toMatchObject({
      used: 5_000,
      source: "reported",
      counted: before.counted,
      byKind: before.byKind,
    });

    // A call without its output yet: the call and the synthetic output the request carries.
    await session.record([call("c1")]);
    const aborted = output("c1", "aborted");
    expect(session.tokenUsage().used).toBe(5_000 + tokensOf(call("c1")) + tokensOf(aborted));

    const result = output("c1", "a.ts\nb.ts");
    await session.record([result]);
    const usage = session.tokenUsage();
    expect(usage.used).toBe(5_000 + tokensOf(call("c1")) + tokensOf(result));
    expect(usage.counted).toBe(before.counted + tokensOf(call("c1")) + tokensOf(result));
  });

  it("covers the history up to its last model item when the report comes after the tool outputs", async () => {
    const session = createSession(options());
    await session.beginTurn(context(), "one");
    const result = output("c1", "x".repeat(400));
    await session.record([call("c1"), result]);
    await session.reportUsage({ totalTokens: 1_234 });
    expect(session.tokenUsage().used).toBe(1_234 + tokensOf(result));
    await session.beginTurn(context(), "two");
    const usage = session.tokenUsage();
    expect(usage.source).toBe("reported");
    expect(usage.used - 1_234 - tokensOf(result)).toBeGreaterThan(0);
  });

  it("compacts before a turn when the report alone is over the limit", async () => {
    const session = createSession(options());
    await session.beginTurn(context("small"), "one");
    await session.record([assistant("a1")]);
    expect(session.tokenUsage().counted).toBeLessThan(5_000);
    await session.reportUsage({ totalTokens: 5_000 });
    const next = await session.beginTurn(context("small"), "two");
    expect(next.compaction).toMatchObject({ trigger: "context-limit", tokensBefore: 5_000 });
    expect(session.tokenUsage().source).toBe("counted");
  });

  it("does not compact before a turn on its own count when the report is under the limit", async () => {
    const session = createSession(options());
    await session.beginTurn(context("tiny"), "one");
    await session.record([assistant("a1")]);
    expect(session.tokenUsage().counted).toBeGreaterThanOrEqual(2_000);
    await session.reportUsage({ totalTokens: 1_000 });
    const next = await session.beginTurn(context("tiny"), "two");
    expect(next.compaction).toBeUndefined();
  });

  it("compacts mid-turn when the report and the tool output after it pass the limit", async () => {
    const session = createSession(options());
    await session.beginTurn(context("small"), "one");
    await session.record([call("c1")]);
    await session.reportUsage({ totalTokens: 4_990 });
    const result = output("c1", "x".repeat(40));
    await session.record([result]);
    const usage = session.tokenUsage();
    expect(usage.counted).toBeLessThan(5_000);
    expect(usage.used).toBe(4_990 + tokensOf(result));
    expect(usage.used).toBeGreaterThanOrEqual(5_000);
    const next = await session.nextRequest();
    expect(next.compaction).toMatchObject({ trigger: "mid-turn", tokensBefore: usage.used });
    expect(session.tokenUsage().source).toBe("counted");
  });

  it("is dropped by compact() and by a rollback, until the next report", async () => {
    const session = createSession(options());
    await session.beginTurn(context(), "one");
    await session.record([assistant("a1")]);
    await session.beginTurn(context(), "two");
    await session.record([assistant("a2")]);
    await session.reportUsage({ totalTokens: 50_000 });
    expect(await session.rollback(1)).toBe(1);
    const rolledBack = session.tokenUsage();
    expect(rolledBack.source).toBe("counted");
    expect(rolledBack.used).toBe(rolledBack.counted);

    await session.reportUsage({ totalTokens: 50_000 });
    expect(session.tokenUsage().used).toBe(50_000);
    await session.compact();
    const compacted = session.tokenUsage();
    expect(compacted).toMatchObject({ source: "counted", used: compacted.counted });

    await session.beginTurn(context(), "three");
    await session.record([assistant("a3")]);
    await session.reportUsage({ totalTokens: 700 });
    expect(session.tokenUsage()).toMatchObject({ source: "reported", used: 700 });
  });

  it("survives a resume, so the resumed session compacts where the live one does", async () => {
    const store = createMemoryRolloutStore();
    const steps = async (session: Session): Promise<void> => {
      await session.beginTurn(context("small"), "one");
      await session.record([assistant("a1")]);
      await session.reportUsage({ totalTokens: 5_100 });
      await session.record([call("c1")]);
    };
    const written = createSession(options({ store }));
    await steps(written);
    const live = createSession(options());
    await steps(live);

    const resumed = await resumeSession(store, { ...options(), sessionId: written.id });
    expect(resumed.tokenUsage()).toEqual(live.tokenUsage());
    expect(resumed.tokenUsage()).toMatchObject({ source: "reported" });

    const liveNext = await live.beginTurn(context("small"), "two");
    const resumedNext = await resumed.beginTurn(context("small"), "two");
    expect(liveNext.compaction?.trigger).toBe("context-limit");
    expect(resumedNext.compaction).toEqual(liveNext.compaction);
    expect(resumedNext.input).toEqual(liveNext.input);

    // Read from the compaction forward, a resume has no report left.
    const again = await resumeSession(store, { ...options(), sessionId: written.id });
    expect(again.tokenUsage().source).toBe("counted");
  });

  it("takes the detailed counts beside the total, records them all, and compares the total with the limits", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession(options({ store }));
    await session.beginTurn(context(), "one");
    await session.record([assistant("a1")]);
    const usage = {
      totalTokens: 1_234,
      inputTokens: 1_200,
      cachedInputTokens: 1_024,
      cacheWriteTokens: 0,
      outputTokens: 34,
      reasoningTokens: 12,
    };
    await session.reportUsage(usage);
    await session.reportUsage({ totalTokens: 1_300, outputTokens: 40 });
    expect(session.tokenUsage()).toMatchObject({ source: "reported", used: 1_300 });
    const { records } = await store.read(session.id, { from: "start" });
    const reported = records.filter((record) => record.type === "reported_usage");
    expect(reported.map((record) => record.payload)).toEqual([
      usage,
      { totalTokens: 1_300, outputTokens: 40 },
    ]);
    const resumed = await resumeSession(store, { ...options(), sessionId: session.id });
    expect(resumed.tokenUsage()).toEqual(session.tokenUsage());
  });

  it.each([
    { totalTokens: -1 },
    { totalTokens: 1.5 },
    { totalTokens: Number.POSITIVE_INFINITY },
    { totalTokens: "100" },
    { totalTokens: 100, inputTokens: -1 },
    { totalTokens: 100, reasoningTokens: 0.5 },
    { totalTokens: 100, cachedTokens: 90 },
    {},
    null,
  ])("rejects %j with a SessionError naming usage", async (usage) => {
    const session = createSession(options());
    // @ts-expect-error: the wrong values a caller without types can pass.
    await expect(session.reportUsage(usage)).rejects.toThrow(SessionError);
    // @ts-expect-error: as above.
    await expect(session.reportUsage(usage)).rejects.toThrow(/^invalid usage: /);
  });
});
