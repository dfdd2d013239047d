import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { classifyHistory } from "./classify-history.js";

const registry = createStandardRegistry();
const text = (
  role: "user" | "developer" | "assistant" | "system",
  ...texts: string[]
): ResponseItem => ({
  type: "message",
  role,
  content: texts.map((value) => ({ type: "input_text", text: value })),
});

describe("classifyHistory", () => {
  it("tells user intent from injected context, model output and tool traffic by markers", () => {
    const items: ResponseItem[] = [
      text("developer", "<permissions instructions>\nx\n</permissions instructions>", "Be brief."),
      text(
        "user",
        "# AGENTS.md instructions for /r\n\n<INSTRUCTIONS>\nx\n</INSTRUCTIONS>",
        "<environment_context>\n</environment_context>",
      ),
      text("user", "<project_context>mine</project_context>"),
      text("assistant", "ok"),
      { type: "function_call", call_id: "c", name: "ls", arguments: "{}" },
      { type: "function_call_output", call_id: "c", output: "a" },
    ];
    expect(classifyHistory(items, registry)).toEqual([
      { source: "context", kinds: ["permissions_instructions"] },
      { source: "context", kinds: ["agents_md_instructions", "environment_context"] },
      { source: "user" },
      { source: "model" },
      { source: "model" },
      { source: "tool" },
    ]);
  });

  it("keeps a person's words the user's inside the wrappers other programs put around them", () => {
    const items: ResponseItem[] = [
      text(
        "user",
        '<send_user_message_question_reply>\n[{"questionItemId":"q","question":"Which folder?","answer":"src"}]\n</send_user_message_question_reply>',
      ),
      text("user", "<timestamp>Monday</timestamp>\n<user_query>\nTidy the config.\n</user_query>"),
      text("assistant", "<EXTERNAL SESSION IMPORTED>"),
    ];
    expect(classifyHistory(items, registry)).toEqual([
      { source: "user" },
      { source: "user" },
      { source: "model" },
    ]);
  });
});
