import { readFileSync } from "node:fs";
import { claudeCodeTranscriptNames, claudeCodeTranscriptPath } from "@ctx/fixtures";
import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { claudeCodeReader } from "./claude-code-reader.js";
import type { RolloutEntry } from "./transcript-entry.js";
import { detectTranscriptReader } from "./transcript-readers.js";

const facts = {
  sessionId: "5e55-10n",
  cwd: "/work/app",
  version: "2.1.38",
  isSidechain: false,
  uuid: "u-1",
  parentUuid: null,
  timestamp: "2026-02-01T10:00:00.000Z",
};
const user = (content: JsonValue, extra: Record<string, JsonValue> = {}): JsonValue => ({
  ...facts,
  type: "user",
  message: { role: "user", content },
  ...extra,
});
const assistant = (message: Record<string, JsonValue>): JsonValue => ({
  ...facts,
  type: "assistant",
  message: { type: "message", role: "assistant", ...message },
});
const reminder = "<system-reminder>\nThe task tools were not used lately.\n</system-reminder>";

/** The pieces of `entries` as [category, kind, text]. */
function pieces(entries: readonly RolloutEntry[]): [string, string, string][] {
  return entries.flatMap((entry) =>
    entry.type === "piece" && entry.piece.text !== undefined
      ? [[entry.piece.category, entry.piece.kind, entry.piece.text]]
      : [],
  );
}

/** The entries of `record` read on its own, as a file's first record. */
const claudeEntries = (record: JsonValue): RolloutEntry[] =>
  claudeCodeReader.open()(record, 1) ?? [];

/** The entries of each of `records`, read in order as one file. */
function fileEntries(records: readonly JsonValue[]): RolloutEntry[][] {
  const read = claudeCodeReader.open();
  return records.map((record, index) => read(record, index + 1) ?? []);
}

describe("claudeCodeReader", () => {
  it.each(claudeCodeTranscriptNames)(
    "reads every line of the real transcript %s as Claude Code's, sub-agents in their threads",
    (name) => {
      const lines = readFileSync(claudeCodeTranscriptPath(name), "utf8").split("\n");
      const records = lines.filter(Boolean).map((line) => JSON.parse(line) as JsonValue);
      expect(claudeCodeReader.detects(records[0] ?? null)).toBe(true);
      const entries = fileEntries(records).flat();
      expect(entries.filter((entry) => entry.type === "unfit")).toEqual([]);
      const threaded = entries.filter((entry) => entry.type === "piece" && entry.piece.thread);
      // A 1.0 transcript writes its sub-agents inline; a 2.x one in files of their own.
      const inline = records.filter((record) =>
        JSON.stringify(record).includes('"isSidechain":true'),
      );
      const ownFile = name.startsWith("sub-agent-");
      expect(threaded.length > 0).toBe(inline.length > 0 && !ownFile);
    },
  );

  it("keeps what the person typed the user's, even a <system-reminder> they pasted", () => {
    const typed = `why does this say ${reminder}?`;
    const entries = claudeEntries(user(typed));
    expect(entries[0]).toEqual({
      type: "session",
      facts: { id: "5e55-10n", cwd: "/work/app", originator: "Claude Code", version: "2.1.38" },
    });
    expect(pieces(entries)).toEqual([["user", "user_intent", typed]]);
    expect(pieces(claudeEntries(user(reminder)))).toEqual([["user", "user_intent", reminder]]);
  });

  it("reads what Claude Code sent in the user's place from isMeta and isCompactSummary", () => {
    expect(pieces(claudeEntries(user(reminder, { isMeta: true })))).toEqual([
      ["injected", "system_reminder", reminder],
    ]);
    expect(pieces(claudeEntries(user("Stop hook feedback: go on", { isMeta: true })))).toEqual([
      ["injected", "meta_message", "Stop hook feedback: go on"],
    ]);
    const summary = "This session is being continued from a previous conversation.";
    expect(pieces(claudeEntries(user(summary, { isCompactSummary: true })))).toEqual([
      ["injected", "compaction_summary", summary],
    ]);
  });

  it("parts the reminders a tool result ends with from the tool's output, byte for byte", () => {
    const output = "     1→print('hi')\n";
    const text = `${output}\n${reminder}\n\n${reminder}\n`;
    const entries = claudeEntries(
      user([{ type: "tool_result", tool_use_id: "toolu_1", content: text }]),
    );
    expect(pieces(entries)).toEqual([
      ["tool", "tool_result", output.trimEnd()],
      ["injected", "system_reminder", `\n\n${reminder}`],
      ["injected", "system_reminder", `\n\n${reminder}\n`],
    ]);
    expect(
      pieces(entries)
        .map(([, , piece]) => piece)
        .join(""),
    ).toBe(text);
  });

  it("leaves a reminder inside a tool's output (a file that holds one) to the tool", () => {
    const text = `${reminder}\nand the file goes on`;
    const entries = claudeEntries(
      user([{ type: "tool_result", content: [{ type: "text", text }] }]),
    );
    expect(pieces(entries)).toEqual([["tool", "tool_result", text]]);
  });

  it("reads Claude Code's interruption notice as context and an interrupted turn, typed text as the user's", () => {
    const notice = "[Request interrupted by user for tool use]";
    const entries = claudeEntries(user([{ type: "text", text: notice }]));
    expect(pieces(entries)).toEqual([["injected", "interruption", notice]]);
    expect(entries.at(-1)).toEqual({ type: "aborted" });
    expect(pieces(claudeEntries(user(notice)))).toEqual([["user", "user_intent", notice]]);
  });

  it("counts images, signatures and redacted thinking as opaque bytes", () => {
    const image = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "iVBOR" },
    };
    const typed = claudeEntries(user([image, { type: "text", text: "this one" }]));
    expect(typed.filter((entry) => entry.type === "piece").map((entry) => entry.piece)).toEqual([
      {
        category: "user",
        kind: "image",
        text: '{"type":"image","source":{"type":"base64","media_type":"image/png"}}',
      },
      { category: "user", kind: "image_data", text: "iVBOR", opaque: true },
      { category: "user", kind: "user_intent", text: "this one" },
    ]);
    const answer = claudeEntries(
      assistant({
        id: "msg_1",
        model: "claude-opus-4-6",
        content: [
          { type: "thinking", thinking: "Look first.", signature: "EqQBCkYI" },
          { type: "redacted_thinking", data: "EmwKAhgB" },
        ],
      }),
    );
    expect(answer.filter((entry) => entry.type === "piece").map((entry) => entry.piece)).toEqual([
      { category: "model", kind: "thinking", text: "Look first.", message: "msg_1" },
      {
        category: "model",
        kind: "thinking_signature",
        text: "EqQBCkYI",
        opaque: true,
        message: "msg_1",
      },
      {
        category: "model",
        kind: "redacted_thinking",
        text: "EmwKAhgB",
        opaque: true,
        message: "msg_1",
      },
    ]);
  });

  it("gives an assistant message's model, its tool call as sent, and its usage keyed by message id", () => {
    const call = { type: "tool_use", id: "toolu_9", name: "Bash", input: { command: "ls" } };
    const entries = claudeEntries(
      assistant({
        id: "msg_2",
        model: "claude-opus-4-6",
        content: [call],
        usage: {
          input_tokens: 3,
          cache_creation_input_tokens: 7883,
          cache_read_input_tokens: 17915,
          output_tokens: 27,
        },
      }),
    );
    expect(entries.slice(1)).toEqual([
      { type: "turn", id: undefined, model: "claude-opus-4-6" },
      {
        type: "piece",
        piece: {
          category: "model",
          kind: "tool_use",
          text: JSON.stringify(call),
          message: "msg_2",
          // Its tokens count what the model reads: the name and the input, not the id.
          words: ["Bash", '{"command":"ls"}'],
        },
      },
      {
        type: "usage",
        usage: { input: 25801, cached: 17915, output: 27, reasoning: 0 },
        copyOf: "msg_2",
      },
    ]);
    const synthetic = claudeEntries(
      assistant({
        id: "msg_3",
        model: "<synthetic>",
        content: [{ type: "text", text: "API Error" }],
      }),
    );
    expect(synthetic.some((entry) => entry.type === "turn")).toBe(false);
  });

  it("turns a compaction boundary into a compaction, and what the model never saw into nothing", () => {
    const boundary = claudeEntries({
      ...facts,
      type: "system",
      subtype: "compact_boundary",
      content: "Conversation compacted",
      compactMetadata: { trigger: "auto", preTokens: 170251 },
    });
    expect(boundary.at(-1)).toEqual({
      type: "compaction",
      replacement: [],
      detail:
        "Claude Code compacted the conversation (auto compaction, 170251 tokens before): the history is replaced by the summary that follows",
    });
    for (const record of [
      { type: "progress", sessionId: "s", data: { type: "hook_progress" } },
      { type: "file-history-snapshot", messageId: "m", snapshot: {} },
      { type: "summary", summary: "Fix the server", leafUuid: "u" },
      { ...facts, type: "system", subtype: "turn_duration", durationMs: 1200 },
    ]) {
      expect(pieces(claudeEntries(record))).toEqual([]);
    }
  });

  it("keeps a sub-agent's inline conversation (1.0's sidechains) in its own thread", () => {
    const main = { ...facts, isSidechain: false };
    const side = { ...facts, isSidechain: true };
    const entries = fileEntries([
      {
        ...main,
        type: "user",
        uuid: "m1",
        message: { role: "user", content: "Survey the tests." },
      },
      {
        ...side,
        type: "user",
        uuid: "s1",
        parentUuid: null,
        message: { role: "user", content: "Find every test file." },
      },
      {
        ...side,
        type: "assistant",
        uuid: "s2",
        parentUuid: "s1",
        message: {
          id: "msg-side",
          role: "assistant",
          content: [{ type: "text", text: "Found 3." }],
          usage: { input_tokens: 40, output_tokens: 5 },
        },
      },
      {
        ...side,
        type: "user",
        uuid: "t1",
        parentUuid: null,
        message: { role: "user", content: "Read the README." },
      },
    ]);
    expect(pieces(entries[0] ?? [])).toEqual([["user", "user_intent", "Survey the tests."]]);
    const threads = entries
      .slice(1)
      .map((each) =>
        each.map((entry) =>
          entry.type === "piece"
            ? entry.piece.thread
            : entry.type === "usage"
              ? entry.thread
              : entry.type,
        ),
      );
    expect(threads).toEqual([["sidechain-1"], ["sidechain-1", "sidechain-1"], ["sidechain-2"]]);
    // The prompt the model wrote for its sub-agent stays the sub-agent's, never the person's turn.
    expect(
      entries
        .slice(1)
        .flat()
        .some((entry) => entry.type === "session" || entry.type === "turn"),
    ).toBe(false);
  });

  it("reads a sub-agent's own file as its session, naming the session that started it", () => {
    const [first] = fileEntries([
      {
        ...facts,
        isSidechain: true,
        agentId: "a1b2",
        type: "user",
        message: { role: "user", content: "Go." },
      },
    ]);
    expect(first?.[0]).toEqual({
      type: "session",
      facts: {
        id: "a1b2",
        cwd: "/work/app",
        originator: "Claude Code",
        version: "2.1.38",
        agentPath: "a1b2",
        parentSession: "5e55-10n",
      },
    });
    // Its "user" is the agent that started it: the prompt is model-written, never the person's.
    expect(pieces(first ?? [])).toEqual([["injected", "agent_prompt", "Go."]]);
  });

  it("knows what Claude Code wrote in the person's place by the record's structure", () => {
    const notification =
      "<task-notification>\n<task-id>b0</task-id>\n<status>completed</status>\n</task-notification>";
    const entries = fileEntries([
      user(notification),
      user("<local-command-stdout>Compacted</local-command-stdout>"),
      user("done?", { origin: { kind: "human" } }),
      user("Agent finished.", { origin: { kind: "task-notification" } }),
      user(
        "<command-message>init is analyzing</command-message>\n<command-name>/init</command-name>",
        { uuid: "c1" },
      ),
      user([{ type: "text", text: "Please analyze this codebase." }], {
        uuid: "c2",
        parentUuid: "c1",
      }),
      user("Please analyze this codebase.", { uuid: "c3", parentUuid: "c2" }),
    ]);
    expect(
      entries.map((each) => pieces(each).map(([category, kind]) => `${category} ${kind}`)),
    ).toEqual([
      ["injected task_notification"],
      ["injected local_command_output"],
      ["user user_intent"],
      ["injected task_notification"],
      ["user user_intent"],
      ["injected command_expansion"],
      ["user user_intent"],
    ]);
  });

  it("names the field of a record that does not fit, and gives nothing else for it", () => {
    expect(claudeEntries(user(42))).toEqual([
      {
        type: "unfit",
        reason: expect.stringMatching(
          /^a Claude Code user record whose message\.content does not fit \(.+\)$/,
        ),
      },
    ]);
    expect(claudeEntries(user([{ type: "text", text: 7 }]))).toEqual([
      {
        type: "unfit",
        reason: expect.stringContaining("user record whose message.content.0.text does not fit"),
      },
    ]);
    expect(claudeEntries(assistant({ content: [{ type: "tool_use", input: {} }] }))).toEqual([
      {
        type: "unfit",
        reason: expect.stringContaining(
          "assistant record whose message.content.0.name does not fit",
        ),
      },
    ]);
    expect(claudeCodeReader.open()([1, 2], 1)).toBeUndefined();
  });
});

describe("detectTranscriptReader", () => {
  it("knows a Claude Code transcript by any of the records it starts with", () => {
    for (const first of [
      { type: "queue-operation", operation: "dequeue", sessionId: "s" },
      { type: "file-history-snapshot", messageId: "m", snapshot: {} },
      { type: "summary", summary: "Fix the server", leafUuid: "u" },
      user("hello"),
    ]) {
      expect(detectTranscriptReader(first)?.format).toBe("claude");
    }
    expect(detectTranscriptReader({ type: "user", content: "no session" })).toBeUndefined();
  });
});
