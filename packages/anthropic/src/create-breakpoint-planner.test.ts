import { createAnthropicCache } from "@ctx/adapter-testing";
import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { createBreakpointPlanner } from "./create-breakpoint-planner.js";
import { toMessagesParams } from "./to-messages-params.js";

const text = (role: "user" | "assistant" | "developer", body: string): ResponseItem => ({
  type: "message",
  role,
  content: [{ type: role === "assistant" ? "output_text" : "input_text", text: body }],
});
const calls = (turn: number, count: number): ResponseItem[] =>
  Array.from({ length: count }, (_, index) => ({
    type: "function_call",
    call_id: `call-${turn}-${index}`,
    name: "shell",
    arguments: JSON.stringify({ path: `src/${turn}-${index}.ts` }),
  }));
const outputs = (turn: number, count: number): ResponseItem[] =>
  Array.from({ length: count }, (_, index) => ({
    type: "function_call_output",
    call_id: `call-${turn}-${index}`,
    output: `export const value = ${turn * 100 + index}; // ${"x".repeat(200)}`,
  }));
const instructions = `You are a careful coding agent. ${"Read before you write. ".repeat(300)}`;
const opening = [text("developer", "The sandbox is workspace-write."), text("user", "Begin.")];

/** The breakpoints of a body: for each, where it stands (system or message index) and its ttl. */
function breakpoints(body: object): string[] {
  const found: string[] = [];
  JSON.stringify(body, (key, value) => {
    if (key === "cache_control") found.push(value.ttl ?? "5m");
    return value;
  });
  return found;
}

/** A conversation of `turns` turns, each a prompt, `width` calls at once and their results. */
function* conversation(turns: number, width: number): Generator<ResponseItem[]> {
  const input = [...opening];
  for (let turn = 0; turn < turns; turn += 1) {
    if (turn > 0) input.push(text("user", `Turn ${turn}: go on.`));
    yield [...input];
    input.push(...calls(turn, width), ...outputs(turn, width));
    yield [...input];
    input.push(text("assistant", `Turn ${turn} is done.`));
  }
}

describe("createBreakpointPlanner", () => {
  it("reads every request back whole however many calls a tool round makes", () => {
    for (const width of [3, 12, 30]) {
      const cache = createAnthropicCache();
      const planner = createBreakpointPlanner();
      let at = 0;
      const misses: number[] = [];
      for (const [index, input] of [...conversation(6, width)].entries()) {
        at += 10_000;
        const body = {
          model: "claude-sonnet-4-5",
          ...planner.plan(toMessagesParams({ instructions, input }, { cacheControl: false }), {
            at,
          }),
        };
        expect(breakpoints(body).length).toBeLessThanOrEqual(4);
        const usage = cache.serve(body, at);
        if (index > 0 && usage.cachedTokens < 0.9 * usage.sharedTokens) misses.push(index);
      }
      expect(misses).toEqual([]);
    }
  });

  it("marks the tools and instructions, which a compaction keeps, on the first system block", () => {
    const planner = createBreakpointPlanner();
    const params = planner.plan(
      toMessagesParams({ instructions, input: opening }, { cacheControl: false }),
    );
    expect(params.system.map((block) => block.cache_control !== undefined)).toEqual([true, true]);
    const compacted = planner.plan(
      toMessagesParams(
        { instructions, input: [text("user", "Begin."), ...opening] },
        { cacheControl: false },
      ),
    );
    expect(compacted.system).toHaveLength(1);
    expect(compacted.system[0]?.cache_control).toEqual({ type: "ephemeral" });
  });

  it("takes the 1-hour lifetime before an announced idle gap, and reads the prefix back after it", () => {
    const runs = [false, true].map((announced) => {
      const cache = createAnthropicCache();
      const planner = createBreakpointPlanner({ pricing: { input: 3 } });
      const requests = [...conversation(3, 4)];
      return requests.map((input, index) => {
        const at = index === requests.length - 1 ? 40 * 60_000 : index * 10_000;
        const idleAhead = announced && index === requests.length - 2;
        const params = toMessagesParams({ instructions, input }, { cacheControl: false });
        const body = { model: "claude-sonnet-4-5", ...planner.plan(params, { at, idleAhead }) };
        return { ttls: breakpoints(body), usage: cache.serve(body, at) };
      });
    });
    const [plain, planned] = runs;
    expect(plain?.at(-1)?.usage.cachedTokens).toBe(0);
    expect(planned?.at(-2)?.ttls.every((ttl) => ttl === "1h")).toBe(true);
    expect(planned?.at(-3)?.ttls.every((ttl) => ttl === "5m")).toBe(true);
    const after = planned?.at(-1)?.usage;
    expect(after?.cachedTokens).toBeGreaterThan(0.9 * (after?.sharedTokens ?? 0));
  });

  it("foresees idle gaps from the clock once they come often enough to pay", () => {
    const planner = createBreakpointPlanner();
    const params = toMessagesParams({ instructions, input: opening }, { cacheControl: false });
    planner.plan(params, { at: 0 });
    expect(planner.ttl()).toBe("5m");
    planner.plan(params, { at: 20 * 60_000 });
    planner.plan(params, { at: 40 * 60_000 });
    expect(planner.ttl()).toBe("1h");
    expect(createBreakpointPlanner({ longTtl: "never" }).ttl({ idleAhead: true })).toBe("5m");
  });

  it("refuses options and params that do not fit", () => {
    // @ts-expect-error: not a choice of lifetime.
    expect(() => createBreakpointPlanner({ longTtl: "always" })).toThrowError(/longTtl/);
    const planner = createBreakpointPlanner();
    // @ts-expect-error: params need messages.
    expect(() => planner.plan({ system: [] })).toThrowError(/messages/);
    expect(() => planner.ttl({ at: -1 })).toThrowError(/at/);
    const marked = toMessagesParams({ instructions, input: opening });
    expect(() => planner.plan(marked)).toThrowError(/cacheControl: false/);
  });
});
