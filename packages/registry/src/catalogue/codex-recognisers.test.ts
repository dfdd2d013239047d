import { describe, expect, it } from "vitest";
import { createStandardRegistry } from "../create-standard-registry.js";
import { codexSideConversationTexts } from "./__fixtures__/side-conversation-boundary.js";

const registry = createStandardRegistry();
const developer = (text: string) => registry.classify("developer", text)?.type;
const user = (text: string) => registry.classify("user", text)?.type;

// Openings of texts Codex 0.171 sent in this suite's scenarios (protocol, recognised only).
const compactionPrompt =
  "You are performing a CONTEXT CHECKPOINT COMPACTION. Create a handoff summary for another LLM that will resume the task.\n\nInclude:\n- Current progress\n";
const codexSummaryPrefix =
  "Another language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:";
const rootRole =
  "You are `/root`, the primary agent in a team of agents collaborating to fulfill the user's goals.\n\nAt the start of your turn, you are the active agent.";
const subagentRole =
  "You are an agent in a team of agents collaborating to complete a task.\n\nYou can spawn sub-agents.";

describe("codexRecognisers", () => {
  it("recognise what Codex sends without markers, each in its role", () => {
    expect(user(compactionPrompt)).toBe("codex_compaction_prompt");
    expect(user(`${codexSummaryPrefix}\nThe health check is half written.`)).toBe(
      "codex_compaction_summary",
    );
    expect(developer(rootRole)).toBe("codex_root_agent_role");
    expect(developer(subagentRole)).toBe("codex_subagent_role");
    expect(
      developer(
        "This is an incremental tools update. Previously declared tools remain available for direct calls unless explicitly marked unavailable. If a tool is redefined here, its latest definition replaces the earlier one.\n- deploy",
      ),
    ).toBe("codex_incremental_tools");
    expect(
      developer(
        "The following namespaces are no longer available. Do not call tools in them unless those tools are declared in a later update:\n- mcp__linear",
      ),
    ).toBe("codex_removed_namespaces");
    expect(
      developer("\nThe previous permission description for this scope is no longer current.\n"),
    ).toBe("codex_stale_permissions");
    expect(developer("<context_window>")).toBe("context_window_start");
    expect(developer("</context_window>\n")).toBe("context_window_end");
    // The middle text, as Codex 0.171's token-budget feature sent it (codex-token-budget).
    expect(
      developer(
        "\nAgent name: /root\nFirst context window id: 01a2\nCurrent context window id: 01a2\n",
      ),
    ).toBe("context_window_body");
    expect(developer("Agent name: /root\nFirst context window id: 01a2")).toBeUndefined();
    expect(
      developer(
        "Thread id: t\nFirst context window id: w\nCurrent context window id: w\nAnd more.",
      ),
    ).toBeUndefined();
  });

  it("leave ordinary text, and the same words in the other role, alone", () => {
    expect(developer(compactionPrompt)).toBeUndefined();
    expect(user(codexSummaryPrefix)).toBeUndefined();
    expect(user(`Quoting: ${codexSummaryPrefix}\nx`)).toBeUndefined();
    expect(user(rootRole)).toBeUndefined();
    expect(user("You are performing a CONTEXT CHECKPOINT COMPACTION.")).toBeUndefined();
    expect(
      user(
        "You are performing a CONTEXT CHECKPOINT COMPACTION. Create a handoff summary for another LLM that will resume the task.and more",
      ),
    ).toBeUndefined();
    expect(
      developer(
        "The previous permission description for this scope is no longer current. Ignore it.",
      ),
    ).toBeUndefined();
    expect(developer("<context_window>Thread id: t1")).toBeUndefined();
    expect(developer("You are a careful reviewer.")).toBeUndefined();
  });

  it("make the messages that carry them contextual developer messages", () => {
    for (const text of [rootRole, subagentRole, "<context_window>"]) {
      expect(
        registry.isContextualDeveloperMessage({
          type: "message",
          role: "developer",
          content: [{ type: "input_text", text }],
        }),
      ).toBe(true);
    }
    expect(
      registry.isContextualUserMessage({
        type: "message",
        role: "user",
        content: [{ type: "input_text", text: compactionPrompt }],
      }),
    ).toBe(true);
  });

  it("recognise the wrappers of a person's own words and keep those words the user's", () => {
    const userMessage = (text: string) => ({
      type: "message" as const,
      role: "user" as const,
      content: [{ type: "input_text" as const, text }],
    });
    const reply =
      '<send_user_message_question_reply>\n[{"questionItemId":"q1","question":"Which folder?","answer":"src, please"}]\n</send_user_message_question_reply>';
    const imported =
      "<timestamp>Monday</timestamp>\n<cursor_commands>/review</cursor_commands>\n<user_query>\nTidy the config.\n</user_query>\nThanks!";
    const cases = [
      [reply, "codex_question_reply"],
      ["<user_query>\nTidy the config.\n</user_query>", "imported_user_query"],
      [imported.replace("\nThanks!", ""), "imported_user_query"],
      ["<cursor_commands>/review</cursor_commands>", "imported_user_query"],
    ] as const;
    for (const [text, type] of cases) {
      const found = registry.classify("user", text);
      expect(found?.type).toBe(type);
      expect(found?.legacy === true && found.recogniser.userWords).toBe(true);
      expect(registry.isContextualUserMessage(userMessage(text))).toBe(false);
    }
    // Words after the wrapper are not a wrapper's shape: plain user text, as Codex leaves it.
    expect(user(imported)).toBeUndefined();
    expect(registry.classify("assistant", "\n<EXTERNAL SESSION IMPORTED>\n")?.type).toBe(
      "imported_session_end",
    );
    expect(registry.classify("assistant", "<EXTERNAL SESSION IMPORTED> and more")).toBeUndefined();
  });

  it("recognise the side conversation's policy and boundary as the binary sent them, each in its role", () => {
    const { policy, boundary } = codexSideConversationTexts;
    expect(developer(policy)).toBe("side_conversation");
    expect(user(boundary)).toBe("codex_side_conversation_boundary");
    expect(user(`\n${boundary}\n`)).toBe("codex_side_conversation_boundary");
    expect(developer(boundary)).toBeUndefined();
    expect(
      registry.isContextualUserMessage({
        type: "message",
        role: "user",
        content: [{ type: "input_text", text: boundary }],
      }),
    ).toBe(true);
  });

  it("leave a person's words that look like the boundary theirs", () => {
    const { boundary } = codexSideConversationTexts;
    const [heading = "", first = "", ...others] = boundary.split("\n\n");
    const typed = [
      heading,
      `${heading} Everything before this boundary is inherited history from the parent thread, right? Can you explain it?`,
      `${heading}\n\n${first}\n\nWhat does that mean for my branch?`,
      `${boundary}\n\nWhat does this mean?`,
      `${boundary}\nWhat does this mean?`,
      `Why did I get this?\n\n${boundary}`,
      [heading, first, "Also run the tests, please.", ...others].join("\n\n"),
      [heading, first, ...others].join("\n"),
      `${heading}\n\n${first}\n\n${others.join("\n\n").replace(". ", ".\nAnd fix the build. ")}`,
      boundary.toLowerCase(),
      boundary.replaceAll("\n\n", "\n\n> "),
      // The same seven paragraphs, one of them a person's long note: longer than the boundary.
      [heading, first, "Keep going. ".repeat(80).trim(), ...others.slice(1)].join("\n\n"),
    ];
    for (const text of typed) {
      expect(user(text)).toBeUndefined();
      expect(
        registry.isContextualUserMessage({
          type: "message",
          role: "user",
          content: [{ type: "input_text", text }],
        }),
      ).toBe(false);
    }
  });
});
