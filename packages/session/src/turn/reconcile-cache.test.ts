import type { ModelAnswer } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { createSession } from "../create-session.js";
import { resumeSession } from "../log/resume-session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { runTurn } from "./run-turn.js";
import type { TurnContext } from "./turn-context.js";

const context: TurnContext = {
  model: "gpt-5.6-sol",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-12-07",
  timezone: "Etc/UTC",
  request: { tools: [{ type: "function", name: "shell" }], promptCacheKey: "key-1" },
};
const toolsChanged: TurnContext = {
  ...context,
  request: { ...context.request, tools: [{ type: "function", name: "read_file" }] },
};

const reply = (answer: Omit<ModelAnswer, "items">): ModelAnswer => ({
  items: [
    { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] },
  ],
  ...answer,
});

const noTool = async () => "unused";

/** One turn of `session` answered with `answer`: the codes of its cache warnings. */
async function cacheWarnings(
  session: ReturnType<typeof createSession>,
  turnContext: TurnContext,
  answer: ModelAnswer,
) {
  const outcome = await runTurn({
    session,
    turnContext,
    userInput: "Go on.",
    callModel: async () => answer,
    runTool: noTool,
  });
  return outcome.warnings
    .map((warning) => warning.code)
    .filter((code) => code.includes("cache-miss"));
}

describe("reconcileCache, through runTurn", () => {
  it("warns of a miss the provider reports and the session did not predict, and records the report", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store, sessionId: "s", tokenizer: approximateTokenizer });
    const report = { missed: true, reason: "input_changed", missedInputTokens: 4_096 };
    const hit = { missed: false };
    expect(await cacheWarnings(session, context, reply({ cacheDiagnostics: hit }))).toEqual([]);
    // The second request only extends the first: the session foresees no miss.
    expect(await cacheWarnings(session, context, reply({ cacheDiagnostics: report }))).toEqual([
      "unforeseen-cache-miss",
    ]);
    const records = (await store.read("s", { from: "start" })).records;
    const reports = records.filter((record) => record.type === "cache_diagnostics");
    expect(reports.map((record) => record.payload)).toEqual([hit, report]);
    // The rollout replays with the reports in it.
    const resumed = await resumeSession(store, { sessionId: "s", tokenizer: approximateTokenizer });
    expect(resumed.tokenUsage().counted).toBe(session.tokenUsage().counted);
  });

  it("warns of a predicted miss the provider's diagnostics deny, and not of one they confirm", async () => {
    const session = createSession({ tokenizer: approximateTokenizer });
    await cacheWarnings(session, context, reply({}));
    expect(
      await cacheWarnings(session, toolsChanged, reply({ cacheDiagnostics: { missed: false } })),
    ).toEqual(["cache-miss-not-seen"]);
    const confirmed = reply({ cacheDiagnostics: { missed: true, reason: "tools_changed" } });
    expect(await cacheWarnings(session, context, confirmed)).toEqual([]);
  });

  it("without diagnostics, weighs a predicted miss against the cached input tokens", async () => {
    const session = createSession({ tokenizer: approximateTokenizer });
    await cacheWarnings(session, context, reply({}));
    const allCached = { totalTokens: 5_010, inputTokens: 5_000, cachedInputTokens: 5_000 };
    expect(await cacheWarnings(session, toolsChanged, reply({ usage: allCached }))).toEqual([
      "cache-miss-not-seen",
    ]);
    const noneCached = { totalTokens: 5_010, inputTokens: 5_000, cachedInputTokens: 0 };
    expect(await cacheWarnings(session, context, reply({ usage: noneCached }))).toEqual([]);
  });

  it("refuses a report that does not fit, recording nothing of the answer", async () => {
    const session = createSession({ tokenizer: approximateTokenizer });
    const bad = reply({ cacheDiagnostics: { missed: "yes" } as never });
    await expect(cacheWarnings(session, context, bad)).rejects.toThrow(/cacheDiagnostics/);
  });
});
