import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { createClaudeCodeRecordReader } from "./create-claude-code-record-reader.js";

const facts = { sessionId: "s-1", cwd: "/w", version: "1.0.43" };
const user = (
  uuid: string,
  content: JsonValue,
  extra: { readonly [key: string]: JsonValue } = {},
): JsonValue => ({
  ...facts,
  type: "user",
  uuid,
  isSidechain: false,
  message: { role: "user", content },
  ...extra,
});

describe("createClaudeCodeRecordReader", () => {
  it("gives each record its blocks with their authors, and a sidechain its own thread", () => {
    const read = createClaudeCodeRecordReader();
    const records = [
      user("m1", "Survey the tests."),
      user("s1", "Find every test.", { isSidechain: true, parentUuid: null }),
      user("s2", "And read them.", { isSidechain: true, parentUuid: "s1" }),
      user("m2", "<task-notification>done</task-notification>", { parentUuid: "m1" }),
    ].map((record) => read(record));
    expect(
      records.map((record) => (record?.type === "user" ? record.thread : record?.type)),
    ).toEqual([undefined, "sidechain-1", "sidechain-1", undefined]);
    expect(
      records.map((record) => (record?.type === "user" ? record.blocks[0] : undefined)),
    ).toEqual([
      { type: "text", author: "user", kind: "user_intent", text: "Survey the tests." },
      { type: "text", author: "injected", kind: "agent_prompt", text: "Find every test." },
      { type: "text", author: "injected", kind: "agent_prompt", text: "And read them." },
      {
        type: "text",
        author: "injected",
        kind: "task_notification",
        text: "<task-notification>done</task-notification>",
      },
    ]);
    expect(records[0]).toMatchObject({ facts: { id: "s-1", cwd: "/w", version: "1.0.43" } });
  });

  it("reads a command's expansion as Claude Code's, the command as the person's", () => {
    const read = createClaudeCodeRecordReader();
    const command = read(user("c1", "<command-name>/init</command-name>"));
    const expansion = read(
      user("c2", [{ type: "text", text: "Analyze this codebase." }], { parentUuid: "c1" }),
    );
    expect(command).toMatchObject({ blocks: [{ author: "user" }] });
    expect(expansion).toMatchObject({
      blocks: [{ author: "injected", kind: "command_expansion" }],
    });
  });

  it("pairs a tool result with its call's id and parts the reminders Claude Code appended", () => {
    const read = createClaudeCodeRecordReader();
    const reminder = "<system-reminder>Look again.</system-reminder>";
    const record = read(
      user("r1", [{ type: "tool_result", tool_use_id: "toolu_1", content: `ok\n${reminder}` }]),
    );
    expect(record).toMatchObject({
      blocks: [
        {
          type: "tool_result",
          toolUseId: "toolu_1",
          isError: false,
          parts: [{ type: "text", text: "ok", reminders: [`\n${reminder}`] }],
        },
      ],
    });
  });

  it("names the field of a record that does not fit, and leaves other agents' records alone", () => {
    const read = createClaudeCodeRecordReader();
    expect(read(user("x", 42))).toEqual({
      type: "unfit",
      thread: undefined,
      reason: expect.stringContaining("user record whose message.content does not fit"),
    });
    expect(read({ type: "response_item", payload: {} })).toBeUndefined();
    expect(read({ type: "message", id: "e1", parentId: null })).toBeUndefined();
    expect(read({ type: "progress", uuid: "p" })).toEqual({
      type: "ignored",
      thread: undefined,
      facts: undefined,
    });
  });
});
