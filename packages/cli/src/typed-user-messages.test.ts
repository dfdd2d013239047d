import { describe, expect, it } from "vitest";
import type { ItemPiece } from "./formats/transcript-entry.js";
import { TypedUserMessages } from "./typed-user-messages.js";

const message = (text: string) => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
const piece = (text: string): ItemPiece => ({ category: "user", kind: "user_intent", text });

describe("TypedUserMessages", () => {
  it("gives a message Codex logged as typed to the user, and one it did not to injected context", () => {
    const waiting = new TypedUserMessages();
    expect(waiting.waits(message("Fix it."), undefined)).toBe(true);
    expect(waiting.waits(message("Fix it."), { source: "user" })).toBe(false);
    waiting.hold(message("<note>from the agent</note>"), 3, [piece("<note>from the agent</note>")]);
    waiting.hold(message("Fix it."), 4, [piece("Fix it.")]);
    waiting.typed("Fix it.");
    const settled: [number, string, string][] = [];
    waiting.settle((each, line) => settled.push([line, each.category, each.kind]));
    expect(settled).toEqual([
      [3, "injected", "unmarked_context"],
      [4, "user", "user_intent"],
    ]);
  });
});
