import { formatSummaryText } from "@ctx/prompts";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../history/origin.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { buildFallbackSummary } from "./build-fallback-summary.js";

describe("buildFallbackSummary", () => {
  it("lists the user's requests, the files and commands of tool calls and the last answer", () => {
    const history: HistoryEntry[] = [
      {
        item: userTextMessage("<environment_context></environment_context>"),
        origin: { source: "context", kinds: [] },
      },
      { item: userTextMessage("Fix the parser."), origin: { source: "user" } },
      { item: userTextMessage(formatSummaryText("Earlier work.")), origin: { source: "model" } },
      {
        item: {
          type: "function_call",
          call_id: "a",
          name: "shell",
          arguments: '{"command":["rg","parse"]}',
        },
        origin: { source: "model" },
      },
      {
        item: {
          type: "function_call",
          call_id: "b",
          name: "read",
          arguments: '{"path":"src/parse.ts"}',
        },
        origin: { source: "model" },
      },
      {
        item: {
          type: "custom_tool_call",
          call_id: "c",
          name: "apply_patch",
          input: "*** Begin Patch\n*** Update File: src/lexer.ts\n@@\n*** End Patch",
        },
        origin: { source: "model" },
      },
      {
        item: {
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: "Done." }],
        },
        origin: { source: "model" },
      },
    ];
    expect(buildFallbackSummary(history)).toBe(
      [
        "The summarizer gave no summary, so the session wrote this one from the history itself.",
        "What the user asked for, oldest first:\n- Fix the parser.",
        "Files named in tool calls:\n- src/parse.ts\n- src/lexer.ts",
        "Commands run through tools:\n- rg parse",
        "Summary of an earlier part:\nEarlier work.",
        "The model's last message:\nDone.",
      ].join("\n\n"),
    );
  });

  it("stays small however long the history is", () => {
    const history: HistoryEntry[] = Array.from({ length: 500 }, (_, index) => ({
      item: userTextMessage(`request ${index} ${"x".repeat(5_000)}`),
      origin: { source: "user" },
    }));
    const summary = buildFallbackSummary(history);
    expect(summary).toContain("- (480 older left out)");
    expect(summary.length).toBeLessThan(20 * 1_700);
  });
});
