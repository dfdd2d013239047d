import { defaultModelCatalog } from "@ctx/prompts";
import { createMemoryRolloutStore } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSession } from "../create-session.js";
import { resumeSession } from "../log/resume-session.js";
import type { SessionOptions } from "../session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import type { CacheMissCause } from "./cache-prediction.js";
import type { RequestSettings } from "./request-settings.js";
import type { TurnContext } from "./turn-context.js";

const context: TurnContext = {
  model: "gpt-5.1",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-12-07",
  timezone: "Etc/UTC",
  request: {
    tools: [{ type: "function", name: "shell" }],
    promptCacheKey: "key-1",
    reasoning: { effort: "high" },
    serviceTier: "default",
  },
};

const minute = 60_000;

/** A session on a clock the test moves, with what it has sent so far answered by the model. */
function sessionOnClock(options: SessionOptions = {}) {
  let now = 0;
  const session = createSession({ tokenizer: approximateTokenizer, clock: () => now, ...options });
  return {
    session,
    wait: (milliseconds: number) => {
      now += milliseconds;
    },
    answer: () =>
      session.record([
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] },
      ]),
  };
}

const causes = (request: { cachePrediction?: { breaks: readonly { cause: string }[] } }) =>
  request.cachePrediction?.breaks.map((predicted) => predicted.cause) ?? [];

describe("CacheLedger", () => {
  it("foresees no miss when a turn only extends the previous request, within the lifetime", async () => {
    const { session, wait, answer } = sessionOnClock();
    expect((await session.beginTurn(context, "one")).cachePrediction).toBeUndefined();
    await answer();
    wait(4 * minute);
    expect((await session.beginTurn(context, "two")).cachePrediction).toBeUndefined();
    expect((await session.nextRequest()).cachePrediction).toBeUndefined();
  });

  it("names a model switch, with the whole previous prompt at stake at the new model's prices", async () => {
    const { session, answer } = sessionOnClock();
    await session.beginTurn({ ...context, model: "gpt-5-mini" }, "one");
    const previousPrompt = session.tokenUsage().counted;
    await answer();
    const switched = await session.beginTurn(context, "two");
    const pricing = defaultModelCatalog.get("gpt-5.1")?.pricing;
    expect(causes(switched)).toEqual(["model"]);
    const tools = approximateTokenizer.count(JSON.stringify(context.request?.tools));
    expect(switched.cachePrediction?.tokens).toBe(previousPrompt + tools);
    expect(switched.cachePrediction?.dollars).toBeCloseTo(
      ((previousPrompt + tools) * ((pricing?.input ?? 0) - (pricing?.cachedInput ?? 0))) /
        1_000_000,
    );
    expect(switched.cachePrediction?.pricingSource).toBe(pricing?.source.url);
    expect(switched.cachePrediction?.breaks[0]?.message).toContain("gpt-5-mini to gpt-5.1");
  });

  const changes: [CacheMissCause, RequestSettings][] = [
    ["tools", { tools: [{ type: "function", name: "read_file" }] }],
    ["cache-key", { promptCacheKey: "key-2" }],
    ["reasoning", { reasoning: { effort: "low" } }],
    ["service-tier", { serviceTier: "flex" }],
  ];
  it.each(changes)("names a change of %s in the request slot", async (cause, change) => {
    const { session, answer } = sessionOnClock();
    await session.beginTurn(context, "one");
    await answer();
    const changed = await session.beginTurn(
      { ...context, request: { ...context.request, ...change } },
      "two",
    );
    expect(causes(changed)).toEqual([cause]);
    expect(changed.cachePrediction?.tokens).toBeGreaterThan(0);
  });

  it("names an idle gap past the cache's lifetime, which a 1-hour lifetime outlasts", async () => {
    const short = sessionOnClock();
    await short.session.beginTurn(context, "one");
    await short.answer();
    short.wait(6 * minute);
    const expired = await short.session.beginTurn(context, "two");
    expect(causes(expired)).toEqual(["expired"]);
    expect(expired.cachePrediction?.breaks[0]?.message).toContain("5-minute lifetime");

    const long = sessionOnClock();
    const hourly = { ...context, request: { ...context.request, cacheTtl: "1h" as const } };
    await long.session.beginTurn(hourly, "one");
    await long.answer();
    long.wait(6 * minute);
    expect((await long.session.beginTurn(hourly, "two")).cachePrediction).toBeUndefined();
  });

  it("names a compaction, from the item where the input parts, with the lost items' tokens", async () => {
    const { session, answer } = sessionOnClock();
    await session.beginTurn(context, "one");
    await answer();
    await session.beginTurn(context, "two");
    await answer();
    await session.compact();
    const compacted = await session.beginTurn(context, "three");
    const [predicted] = compacted.cachePrediction?.breaks ?? [];
    expect(predicted?.cause).toBe("compaction");
    expect(predicted?.index).toBe(compacted.cacheBreak?.index);
    expect(predicted?.tokens).toBeGreaterThan(0);
  });

  it("names a rollback, which cuts the history the previous request sent", async () => {
    const { session, answer } = sessionOnClock();
    await session.beginTurn(context, "one");
    await answer();
    await session.beginTurn(context, "two");
    await answer();
    await session.rollback(1);
    const request = await session.beginTurn(context, "two again");
    expect(causes(request)).toEqual(["rollback"]);
  });

  it("names exactly what changed between two requests, whatever changes", async () => {
    const step = fc.record({
      model: fc.constantFrom("gpt-5.1", "gpt-5-mini"),
      tool: fc.constantFrom("shell", "read_file"),
      key: fc.constantFrom("key-1", "key-2"),
      effort: fc.constantFrom("low", "high"),
      tier: fc.constantFrom("default", "flex"),
      ttl: fc.constantFrom("5m" as const, "1h" as const),
      idleMinutes: fc.constantFrom(1, 6, 70),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 5 }), async (steps) => {
        const { session, wait, answer } = sessionOnClock();
        for (const [index, now] of steps.entries()) {
          wait(now.idleMinutes * minute);
          const request = await session.beginTurn(
            {
              ...context,
              model: now.model,
              request: {
                tools: [{ type: "function", name: now.tool }],
                promptCacheKey: now.key,
                reasoning: { effort: now.effort },
                serviceTier: now.tier,
                cacheTtl: now.ttl,
              },
            },
            `turn ${index}`,
          );
          await answer();
          const before = steps[index - 1];
          const expected =
            before === undefined
              ? []
              : [
                  ...(before.model === now.model ? [] : ["model"]),
                  ...(before.tool === now.tool ? [] : ["tools"]),
                  ...(before.key === now.key ? [] : ["cache-key"]),
                  ...(before.effort === now.effort ? [] : ["reasoning"]),
                  ...(before.tier === now.tier ? [] : ["service-tier"]),
                  ...(now.idleMinutes > (before.ttl === "1h" ? 60 : 5) ? ["expired"] : []),
                ];
          expect(causes(request)).toEqual(expected);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("names the fragment that reads otherwise in place when a rolled-back turn comes back changed", async () => {
    const { session, answer } = sessionOnClock();
    await session.beginTurn(context, "one");
    await answer();
    const moved = { ...context, environments: [{ id: "local", cwd: "/repo/a", shell: "bash" }] };
    await session.beginTurn(moved, "two");
    await answer();
    await session.rollback(1);
    const elsewhere = {
      ...context,
      environments: [{ id: "local", cwd: "/repo/b", shell: "bash" }],
    };
    const request = await session.beginTurn(elsewhere, "two, elsewhere");
    const [predicted] = request.cachePrediction?.breaks ?? [];
    expect(predicted?.cause).toBe("fragment");
    expect(predicted?.kinds).toContain("environment_context");
  });

  it("names new base instructions, which a compaction puts in the requests after a resume", async () => {
    const store = createMemoryRolloutStore();
    const options = { store, sessionId: "instructions", tokenizer: approximateTokenizer };
    const first = createSession(options);
    await first.beginTurn(context, "one");
    const resumed = await resumeSession(store, {
      sessionId: "instructions",
      tokenizer: approximateTokenizer,
      baseInstructions: "Be brief.",
    });
    const afterResume = await resumed.beginTurn(context, "two");
    expect(afterResume.cachePrediction).toBeUndefined();
    await resumed.compact();
    const compacted = await resumed.beginTurn(context, "three");
    expect(compacted.instructions).toBe("Be brief.");
    expect(causes(compacted)).toEqual(["instructions", "compaction"]);
  });

  it("refuses a clock that is not a function, before anything is made", () => {
    expect(() => createSession({ clock: 5 } as never)).toThrow(/clock/);
  });

  it("refuses a request slot that does not fit its schema", async () => {
    const { session } = sessionOnClock();
    await expect(
      session.beginTurn({ ...context, request: { cacheTtl: "10m" } } as never, "one"),
    ).rejects.toThrow(/request/);
  });
});
