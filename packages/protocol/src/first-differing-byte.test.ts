import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMessageMapper } from "./create-message-mapper.js";
import { deepFreeze } from "./deep-freeze.js";
import { firstDifferingByte } from "./first-differing-byte.js";
import { keepRequestBody } from "./keep-request-body.js";
import { copiedPrefix } from "./list-rewrites.js";
import type { ResponseItem } from "./response-item.js";

const encoder = new TextEncoder();

/** The offset of the first differing byte of the two JSON texts, counted the slow way. */
function slowOffset(previous: object, next: object): number | undefined {
  const left = encoder.encode(JSON.stringify(previous));
  const right = encoder.encode(JSON.stringify(next));
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index += 1;
  return index === left.length && index === right.length ? undefined : index;
}

describe("firstDifferingByte", () => {
  it("finds the byte where two request bodies part, with the path and what lies there", () => {
    const shared = deepFreeze({ role: "user", content: [{ type: "text", text: "héllo" }] });
    const previous = {
      system: "be brief",
      messages: [shared, { role: "assistant", content: "a" }],
    };
    const next = { system: "be brief", messages: [shared, { role: "assistant", content: "b" }] };
    const difference = firstDifferingByte(previous, next);
    expect(difference).toEqual({
      offset: slowOffset(previous, next),
      path: ["messages", 1, "content"],
      part: "messages 1 (assistant)",
      previous: 'a"',
      next: 'b"',
    });
    expect(firstDifferingByte(previous, structuredClone(previous))).toBeUndefined();
  });

  it("names the place where one request only grows", () => {
    const difference = firstDifferingByte(
      { input: [1, 2] },
      { input: [1, 2, 3] },
      { input: "input item" },
    );
    expect(difference).toEqual({
      offset: 13,
      path: ["input", 2],
      previous: "]",
      next: ",3",
      part: "input item 2",
    });
  });

  it("agrees with a byte-by-byte comparison of the two JSON texts, for any two bodies", () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const body = fc.dictionary(fc.constantFrom("system", "tools", "input", "model"), json);
    fc.assert(
      fc.property(body, body, fc.boolean(), (previous, grown, share) => {
        // Half the time the next body repeats the previous one's values, as a session's does.
        const next = share
          ? { ...previous, ...grown, input: [previous.input, grown.input] }
          : grown;
        const base = share ? { ...previous, input: [previous.input] } : previous;
        const difference = firstDifferingByte(base, next);
        expect(difference?.offset).toBe(slowOffset(base, next));
        // The next request extends this one: its list's length is read from what was measured.
        if (Array.isArray(next.input)) {
          const further = { ...next, input: [...next.input, grown.system ?? null] };
          expect(firstDifferingByte(next, further)?.offset).toBe(slowOffset(next, further));
          const again = { ...further, input: [...further.input, previous.tools ?? 1] };
          expect(firstDifferingByte(further, again)?.offset).toBe(slowOffset(further, again));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("measures each copy of a list whose last elements the next one replaces, as a session's mapping hands them out", () => {
    const message = fc.jsonValue({ maxDepth: 2 }).map((value) => deepFreeze({ value }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(message, { maxLength: 4 }), fc.nat(3)), { maxLength: 8 }),
        (steps) => {
          const live: unknown[] = [];
          let previous = { system: "s", messages: [...live] };
          for (const [added, replaced] of steps) {
            // The last `replaced` elements are made again (a run grown, a breakpoint moved).
            const kept = live.splice(Math.max(0, live.length - replaced));
            live.push(...kept.map((element) => ({ again: element })), ...added);
            const next = { system: "s", messages: [...live] };
            expect(firstDifferingByte(previous, next)?.offset).toBe(slowOffset(previous, next));
            previous = next;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps a body whose lists the next request grows and rewrites in place, as it was sent", () => {
    const element = fc.jsonValue({ maxDepth: 2 }).map((value) => deepFreeze({ value }));
    const change = fc.record({
      list: fc.constantFrom("tools", "messages"),
      added: fc.array(element, { maxLength: 3 }),
      replaced: fc.nat(3),
      system: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 10 }), (changes) => {
        // The lists are the live ones a mapping hands out, grown and rewritten at their end.
        const live: Record<string, unknown[]> = { tools: [], messages: [] };
        let system = "s";
        let sent = JSON.stringify({ system, ...live });
        let kept: Record<string, unknown> | undefined;
        for (const { list, added, replaced, system: rewritten } of changes) {
          const values = live[list] ?? [];
          const again = values.splice(Math.max(0, values.length - replaced));
          values.push(...again.map((value) => ({ again: value })), ...added);
          if (rewritten) system += "!";
          const body = { system, tools: live.tools, messages: live.messages };
          const difference = kept === undefined ? undefined : firstDifferingByte(kept, body);
          if (kept !== undefined) {
            expect(difference?.offset).toBe(slowOffset(JSON.parse(sent), body));
          }
          kept = keepRequestBody(kept, body, difference);
          sent = JSON.stringify(body);
          expect(JSON.stringify(kept)).toBe(sent);
        }
      }),
      { numRuns: 200 },
    );
    expect(() => keepRequestBody(undefined, [] as unknown as object, undefined)).toThrow(/body/);
  });

  it("finds in a mapper's lists, rewritten in place between kept bodies, the byte two copies of the bodies differ at", () => {
    const item = fc
      .tuple(fc.constantFrom("user", "assistant", "developer"), fc.constantFrom("a", "é", "😀", ""))
      .map(([role, text]): ResponseItem => deepFreeze(message(role, text)));
    const step = fc.record({
      added: fc.array(item, { maxLength: 4 }),
      // What a compaction, a rollback or another session does to the input.
      restart: fc.constantFrom("none", "none", "none", "same-first", "shorter", "new"),
      marked: fc.nat(3),
      instructions: fc.nat(3).map((draw) => draw === 0),
      tools: fc.boolean(),
      // The send path's calls of the same mapper before the body's, marked otherwise.
      calls: fc.oneof(fc.constant(0), fc.nat(2), fc.nat(10)),
      // A holder of the array that changes its length (which the mapper then leaves to it).
      holder: fc.constantFrom("none", "none", "none", "pop", "shift"),
      holderWhen: fc.constantFrom("before-body", "after-keep"),
    });
    let known = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const mapper = roleMapper();
        let input: ResponseItem[] = [];
        let instructions = "be brief";
        let tools = ["shell"];
        let kept: Record<string, unknown> | undefined;
        let sent = "";
        for (const change of steps) {
          if (change.restart === "same-first") input = input.slice(0, 1);
          else if (change.restart === "shorter") input = input.slice(0, input.length - 1);
          else if (change.restart === "new") input = [];
          input = [...input, ...change.added];
          if (change.instructions) instructions += "!";
          if (change.tools) tools = [...tools, "read"];
          const request = { instructions, input };
          for (let call = 0; call < change.calls; call += 1) mapper(request, call % 4);
          const messages = mapper(request, change.marked);
          const hold = () => (change.holder === "pop" ? messages.pop() : messages.shift());
          if (change.holder !== "none" && change.holderWhen === "before-body") hold();
          const body = { model: "m", instructions, tools, messages };
          if (
            kept !== undefined &&
            copiedPrefix(kept.messages as unknown[], messages) !== undefined
          ) {
            known += 1;
          }
          // As a session's `SentBody` compares and keeps each body.
          const difference =
            kept === undefined ? undefined : firstDifferingByte(kept, body, labels);
          if (kept !== undefined) {
            const fresh = JSON.parse(JSON.stringify(body));
            expect(difference).toEqual(firstDifferingByte(JSON.parse(sent), fresh, labels));
            expect(difference?.offset).toBe(slowOffset(JSON.parse(sent), body));
          }
          kept = keepRequestBody(kept, body, difference);
          sent = JSON.stringify(body);
          expect(JSON.stringify(kept)).toBe(sent);
          if (change.holder !== "none" && change.holderWhen === "after-keep") hold();
        }
      }),
      { numRuns: 300 },
    );
    // The comparisons above went through the rewrites of the mapper's list, not only the scan.
    expect(known).toBeGreaterThan(0);
  });

  it("refuses what is not a request body", () => {
    expect(() => firstDifferingByte("a" as unknown as object, {})).toThrow(/previous/);
    expect(() =>
      firstDifferingByte({}, {}, { input: 1 } as unknown as Record<string, string>),
    ).toThrow(/labels/);
  });
});

const labels = { messages: "message", tools: "tool" };

function message(role: "user" | "assistant" | "developer", text: string): ResponseItem {
  return {
    type: "message",
    role,
    content: [{ type: role === "assistant" ? "output_text" : "input_text", text }],
  };
}

/**
 * A mapping of a session's requests as an adapter's: the instructions in a system message first
 * (a new array when they change), a user's messages alone, the others joined by role in runs,
 * the last `marked` messages marked as cache breakpoints are.
 */
function roleMapper() {
  const mapper = createMessageMapper<ResponseItem, object>({
    convert: (item) => item,
    runOf: (item) => (item.type === "message" && item.role !== "user" ? item.role : undefined),
    join: (run) => ({ run: [...run] }),
  });
  return (request: { instructions: string; input: ResponseItem[] }, marked: number) =>
    mapper.map(request, {
      toError: (problems) => new Error(problems),
      path: "request",
      before: (checked) => [{ system: checked.instructions }],
      marked: { count: marked, mark: (each, fromEnd) => ({ ...each, fromEnd }) },
    }).messages;
}
