import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../history/origin.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { contextPosition } from "./context-position.js";
import { insertBeforeLastUserMessage } from "./insert-before-last-user-message.js";

const user = (text: string): HistoryEntry => ({
  item: userTextMessage(text),
  origin: { source: "user" },
});
const summary = (text: string): HistoryEntry => ({
  item: userTextMessage(text),
  origin: { source: "model" },
});
const context: HistoryEntry = {
  item: userTextMessage("<environment_context>\n</environment_context>"),
  origin: { source: "context", kinds: ["environment_context"] },
};

describe("contextPosition", () => {
  it("puts the context after every kept message of the user's but the last, and before the summary", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 6 }), (texts) => {
        const kept = [...texts.map(user), summary("summary")];
        const placed = insertBeforeLastUserMessage(kept, [context]);
        const at = placed.indexOf(context);
        expect(placed.slice(0, at)).toEqual(kept.slice(0, texts.length - 1));
        expect(placed.slice(at + 1)).toEqual([kept[texts.length - 1], kept.at(-1)]);
      }),
    );
  });

  it("goes before the summary when no message of the user's is kept, and at the start of nothing", () => {
    expect(contextPosition([summary("summary")])).toBe(0);
    expect(contextPosition([user("one"), summary("a"), summary("b")])).toBe(0);
    expect(contextPosition([summary("a"), summary("b")])).toBe(1);
    expect(contextPosition([])).toBe(0);
  });
});
