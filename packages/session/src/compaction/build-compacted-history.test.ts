import { formatSummaryText, summaryPrefix } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { utf8ByteLength } from "@ctx/text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../history/origin.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { buildCompactedHistory } from "./build-compacted-history.js";
import { messageText } from "./user-text.js";

/** A text's tokens as the reference estimates them. */
const tokens = (text: string) => Math.ceil(utf8ByteLength(text) / 4);
/** The tokens of the user's messages a compacted history keeps, as the reference. */
const budget = 20_000;
const user = (text: string): HistoryEntry => ({
  item: userTextMessage(text),
  origin: { source: "user" },
});
const context = (text: string): HistoryEntry => ({
  item: userTextMessage(text),
  origin: { source: "context", kinds: ["environment_context"] },
});
const assistant = (text: string): HistoryEntry => ({
  item: { type: "message", role: "assistant", content: [{ type: "output_text", text }] },
  origin: { source: "model" },
});
const summary = (text: string): HistoryEntry => ({
  item: userTextMessage(formatSummaryText(text)),
  origin: { source: "model" },
});
const textsOf = (entries: readonly HistoryEntry[]) =>
  entries.map(({ item }) => (item.type === "message" ? messageText(item) : item.type));

describe("buildCompactedHistory", () => {
  it("keeps the user's own messages in order, then the summary, and nothing else", () => {
    const history: HistoryEntry[] = [
      context("<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>"),
      user("Fix the parser."),
      assistant("Looking."),
      summary("old summary"),
      {
        item: { type: "function_call", call_id: "c", name: "ls", arguments: "{}" },
        origin: { source: "model" },
      },
      user("<environment_context>typed by the user</environment_context>"),
    ];
    const { entries, warnings } = buildCompactedHistory(history, "New summary.");
    expect(textsOf(entries)).toEqual([
      "Fix the parser.",
      "<environment_context>typed by the user</environment_context>",
      `${summaryPrefix}\nNew summary.`,
    ]);
    expect(entries.map((entry) => entry.origin.source)).toEqual(["user", "user", "model"]);
    expect(warnings).toEqual([]);
  });

  it("keeps the newest messages that fit, cuts the first that does not, and says so", () => {
    // 100 tokens, then 20,000, then 10,000: the newest fits, the one before it is cut to the rest.
    const history = [user("a".repeat(400)), user("b".repeat(80_000)), user("c".repeat(40_000))];
    const { entries, warnings } = buildCompactedHistory(history, "S");
    const kept = textsOf(entries);
    expect(kept).toHaveLength(3);
    expect(kept[1]).toBe("c".repeat(40_000));
    expect(entries[0]?.item).toEqual({
      type: "message",
      role: "user",
      content: [
        { type: "input_text", text: "b".repeat(20_000) },
        { type: "input_text", text: "…10000 tokens truncated…" },
        { type: "input_text", text: "b".repeat(20_000) },
      ],
    });
    expect(warnings.map((warning) => warning.code)).toEqual([
      "compaction-cut-user-message",
      "compaction-dropped-user-messages",
    ]);
  });

  it("leaves images out with a warning", () => {
    const history: HistoryEntry[] = [
      {
        item: {
          type: "message",
          role: "user",
          content: [
            { type: "input_text", text: "See" },
            { type: "input_image", image_url: "data:image/png;base64,AAAA" },
            { type: "input_text", text: "this." },
          ],
        },
        origin: { source: "user" },
      },
    ];
    const { entries, warnings } = buildCompactedHistory(history, "S");
    expect(textsOf(entries)[0]).toBe("Seethis.");
    expect(warnings.map((warning) => warning.code)).toEqual(["compaction-dropped-images"]);
  });

  // A user's message of up to 60,000 characters (15,000 tokens), its length drawn evenly: about
  // two histories in five hold more of the user's words than the budget, so cuts and drops occur.
  const userArbitrary = fc
    .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.noBias(fc.nat({ max: 60_000 })))
    .map(([seed, length]) => user(seed.repeat(Math.ceil(length / seed.length)).slice(0, length)));
  const entryArbitrary: fc.Arbitrary<HistoryEntry> = fc.oneof(
    userArbitrary,
    fc
      .string({ maxLength: 300 })
      .map((text) => context(`<environment_context>${text}</environment_context>`)),
    fc.string({ maxLength: 50 }).map(assistant),
    fc.string({ maxLength: 50 }).map(summary),
    fc.constant<HistoryEntry>({
      item: { type: "function_call_output", call_id: "c", output: "out" } satisfies ResponseItem,
      origin: { source: "tool" },
    }),
  );

  it("never keeps injected context or a summary as the user's, keeps the last message, fits", () => {
    fc.assert(
      fc.property(fc.array(entryArbitrary, { maxLength: 30, size: "medium" }), (history) => {
        const { entries } = buildCompactedHistory(history, "S");
        const kept = entries.slice(0, -1);
        const userTexts = history.flatMap(({ item, origin }) =>
          origin.source === "user" && item.type === "message" && messageText(item) !== ""
            ? [messageText(item)]
            : [],
        );
        for (const entry of kept) {
          expect(entry.origin.source).toBe("user");
          const text = textsOf([entry])[0] ?? "";
          expect(text.startsWith("<environment_context>") && !userTexts.includes(text)).toBe(false);
          expect(text.startsWith(summaryPrefix)).toBe(false);
        }
        // What a kept message keeps of the user's words: the whole, or the head and the tail.
        const total = kept.reduce((sum, { item }) => {
          if (item.type !== "message") return sum;
          const parts = item.content.flatMap((part) => ("text" in part ? [part.text] : []));
          const words = parts.length === 3 ? `${parts[0]}${parts[2]}` : parts.join("");
          return sum + tokens(words);
        }, 0);
        expect(total).toBeLessThanOrEqual(budget);
        const last = userTexts.at(-1);
        if (last !== undefined && tokens(last) <= budget) {
          expect(textsOf(kept).at(-1)).toBe(last);
        }
        expect(textsOf(entries).at(-1)).toBe(`${summaryPrefix}\nS`);
      }),
      { numRuns: 200 },
    );
  });
});
