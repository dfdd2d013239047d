import { formatSummaryText } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { SessionError } from "../session-error.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { filterCompactedItems } from "./filter-compacted-items.js";

describe("filterCompactedItems", () => {
  const registry = createStandardRegistry();

  it("keeps assistant messages, the user's messages and compaction items, and nothing else", () => {
    const assistant: ResponseItem = {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "ok" }],
    };
    const compaction: ResponseItem = { type: "compaction", encrypted_content: "AAAA" };
    const summary = userTextMessage(formatSummaryText("S"));
    const items: ResponseItem[] = [
      { type: "message", role: "developer", content: [{ type: "input_text", text: "rules" }] },
      userTextMessage("<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>"),
      userTextMessage("Fix it."),
      assistant,
      { type: "function_call", call_id: "c", name: "ls", arguments: "{}" },
      { type: "function_call_output", call_id: "c", output: "a" },
      { type: "reasoning", summary: [] },
      summary,
      compaction,
    ];
    expect(filterCompactedItems(items, registry)).toEqual([
      { item: userTextMessage("Fix it."), origin: { source: "user" } },
      { item: assistant, origin: { source: "model" } },
      { item: summary, origin: { source: "model" } },
      { item: compaction, origin: { source: "model" } },
    ]);
  });

  it("refuses wrong arguments", () => {
    expect(() => filterCompactedItems([{ type: "nope" }] as never, registry)).toThrow(SessionError);
    expect(() => filterCompactedItems([], {} as never)).toThrow(/^invalid registry: /);
  });
});
