import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "./deep-freeze.js";
import { firstDifferingByte } from "./first-differing-byte.js";

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

  it("refuses what is not a request body", () => {
    expect(() => firstDifferingByte("a" as unknown as object, {})).toThrow(/previous/);
    expect(() =>
      firstDifferingByte({}, {}, { input: 1 } as unknown as Record<string, string>),
    ).toThrow(/labels/);
  });
});
