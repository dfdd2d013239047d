import { mkdtemp, readFile, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheMissDollars, defaultModelCatalog } from "@ctx/prompts";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { beforeAll, describe, expect, it } from "vitest";
import { answerRecord, userRecord } from "./__fixtures__/ctx-records.js";
import { runCtx } from "./__fixtures__/run-ctx.js";

let folder: string;

const usage = (input: number, cached: number) => ({
  type: "reported_usage",
  payload: {
    totalTokens: input + 5,
    inputTokens: input,
    cachedInputTokens: cached,
    outputTokens: 5,
  },
});
const missed = { missed: true, reason: "messages_changed", missedInputTokens: 1_200 };

beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-ledger-")));
  const store = createJsonlRolloutStore(join(folder, "store"));
  const session = await store.create({ id: "ledger", cwd: folder });
  await store.append({
    sessionId: session.id,
    expectedSequence: 0,
    appendId: "one",
    records: [
      { type: "turn", payload: { index: 1, model: "gpt-6.2-sol", baseInstructions: "Be useful." } },
      userRecord("List the files."),
      answerRecord,
      usage(1_300, 0),
      { type: "turn", payload: { index: 2, model: "gpt-6.2-sol" } },
      userRecord("Now the tests."),
      answerRecord,
      usage(1_350, 1_280),
      { type: "cache_diagnostics", payload: { missed: false } },
      { type: "rollback", payload: { userTurns: 1 } },
      { type: "turn", payload: { index: 3, model: "gpt-6.2-sol" } },
      userRecord("Only the README."),
      answerRecord,
      usage(1_330, 0),
      { type: "cache_diagnostics", payload: missed },
    ],
  });
  const switched = await store.create({ id: "switch", cwd: folder });
  await store.append({
    sessionId: switched.id,
    expectedSequence: 0,
    appendId: "one",
    records: [
      {
        type: "turn",
        payload: { index: 1, model: "gpt-5.6-luna", baseInstructions: "Be useful." },
      },
      userRecord("List the files."),
      answerRecord,
      { type: "turn", payload: { index: 2, model: "gpt-5.6-luna" } },
      userRecord("Now the tests."),
      answerRecord,
      { type: "turn", payload: { index: 3, model: "gpt-6.2-sol" } },
      userRecord("Only the README."),
      answerRecord,
    ],
  });
  await store.close();
});

describe("ctx inspect's cache ledger", () => {
  it("gives each break its tokens and dollars, and each request the provider's report (JSON)", async () => {
    const run = await runCtx(["inspect", "store/ledger.jsonl", "--format", "json"], folder);
    expect(run.code).toBe(0);
    const inspection = JSON.parse(run.stdout) as {
      requests: {
        tokens: number;
        cacheBreak?: string;
        cacheStake?: { tokens: number; dollars?: number; model?: string };
        providerCacheReport?: object;
      }[];
      events: { type: string; detail: string }[];
    };
    const [, second, third] = inspection.requests;
    const pricing = defaultModelCatalog.get("gpt-6.2-sol").pricing;
    if (second === undefined || third === undefined || pricing === undefined) {
      throw new Error("expected three requests and priced model");
    }
    expect(second.providerCacheReport).toEqual({ missed: false });
    expect(third.providerCacheReport).toEqual(missed);
    expect(third.cacheStake).toEqual({
      tokens: second.tokens,
      dollars: cacheMissDollars(pricing, second.tokens),
      model: "gpt-6.2-sol",
    });
    expect(third.cacheBreak).toContain("after a rollback: up to");
    expect(inspection.events.map((event) => event.type)).toEqual([
      "rollback",
      "cache-break",
      "cache-report",
    ]);
    expect(inspection.events.at(-1)?.detail).toBe(
      "the provider reports a cache miss at request 3 (messages_changed, 1200 input tokens)",
    );
  });

  it("finds the break a model switch makes, which the provider's per-model cache cannot avoid", async () => {
    const run = await runCtx(["inspect", "store/switch.jsonl", "--format", "json"], folder);
    const { requests } = JSON.parse(run.stdout) as {
      requests: { tokens: number; cacheBreak?: string; cacheStake?: { tokens: number } }[];
    };
    expect(requests.map((request) => request.cacheBreak?.split(":")[0])).toEqual([
      undefined,
      undefined,
      "after a model switch (gpt-5.6-luna to gpt-6.2-sol)",
    ]);
    expect(requests[2]?.cacheStake?.tokens).toBe(requests[1]?.tokens);
  });

  it("shows the break's money and the provider's miss in the text and the HTML", async () => {
    const text = await runCtx(["inspect", "store/ledger.jsonl"], folder);
    expect(text.stdout).toMatch(
      /after a rollback: up to [\d,]+ tokens at stake, \$0\.\d{4} at gpt-6\.2-sol's prices/,
    );
    expect(text.stdout).toContain("cache-report");
    expect(text.stdout).toContain("messages_changed, 1200 input tokens");
    await runCtx(["inspect", "store/ledger.jsonl", "--html", "timeline.html"], folder);
    const html = await readFile(join(folder, "timeline.html"), "utf8");
    expect(html).toMatch(
      /cache break before request 3: after a rollback: up to [\d,]+ tokens at stake, \$0\.\d{4} at gpt-6\.2-sol/,
    );
    expect(html).toContain('class="event cache-report"');
  });
});
