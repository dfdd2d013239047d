import { utf8ByteLength } from "@ctx/text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keepUserMessage } from "./keep-user-message.js";

describe("keepUserMessage", () => {
  it("keeps a message within the budget whole, measured as ceil(bytes / 4)", () => {
    expect(keepUserMessage("héllo", 2)).toEqual({ tokens: 2, parts: ["héllo"] });
  });

  // Both cases were recorded from Codex 0.171's requests after a compaction.
  it("cuts a longer one into head, elision note and tail, as Codex sends it", () => {
    const text = `a${"é".repeat(20_500)}${"x".repeat(9_998)}${"é".repeat(20_500)}b`;
    const { tokens, parts } = keepUserMessage(text, 20_000);
    expect(tokens).toBe(23_000);
    expect(parts).toEqual([
      `a${"é".repeat(19_999)}`,
      "…3000 tokens truncated…",
      `${"é".repeat(19_999)}b`,
    ]);
  });

  it("reads a message cut before as one text and cuts it again", () => {
    const once = keepUserMessage(`${"a".repeat(46_000)}${"z".repeat(46_000)}`, 20_000).parts;
    const { tokens, parts } = keepUserMessage(once.join(""), 19_995);
    expect(tokens).toBe(20_007);
    expect(parts).toEqual(["a".repeat(39_990), "…12 tokens truncated…", "z".repeat(39_990)]);
  });

  it("keeps the longest head and tail of budget × 2 bytes each, and counts what is over", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 400 }),
        fc.integer({ min: 1, max: 120 }),
        (text, budget) => {
          const { tokens, parts } = keepUserMessage(text, budget);
          expect(tokens).toBe(Math.ceil(utf8ByteLength(text) / 4));
          if (tokens <= budget) {
            expect(parts).toEqual([text]);
            return;
          }
          const [head = "", note, tail = ""] = parts;
          expect(note).toBe(`…${tokens - budget} tokens truncated…`);
          expect(text.startsWith(head) && text.endsWith(tail)).toBe(true);
          expect(utf8ByteLength(head)).toBeLessThanOrEqual(budget * 2);
          expect(utf8ByteLength(tail)).toBeLessThanOrEqual(budget * 2);
          const next = [...text.slice(head.length)][0] ?? "";
          expect(utf8ByteLength(head + next)).toBeGreaterThan(budget * 2);
          const before = [...text.slice(0, text.length - tail.length)].at(-1) ?? "";
          expect(utf8ByteLength(before + tail)).toBeGreaterThan(budget * 2);
        },
      ),
      { numRuns: 300 },
    );
  });
});
