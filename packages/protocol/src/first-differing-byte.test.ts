import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "./deep-freeze.js";
import { firstDifferingByte, keepRequestBody } from "./first-differing-byte.js";

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

  it("refuses what is not a request body", () => {
    expect(() => firstDifferingByte("a" as unknown as object, {})).toThrow(/previous/);
    expect(() =>
      firstDifferingByte({}, {}, { input: 1 } as unknown as Record<string, string>),
    ).toThrow(/labels/);
  });
});
