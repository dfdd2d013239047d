import { describe, expect, it } from "vitest";
import { assistantParts, systemParts, UnfitRecord, userBlocks } from "./claude-code-blocks.js";

const user = (content: unknown, extra: object = {}) => ({
  message: { role: "user", content },
  ...extra,
});

describe("userBlocks", () => {
  it("keeps the person's words theirs whatever they hold, and names what Claude Code wrote", () => {
    const pasted = "why does <system-reminder>x</system-reminder> show?";
    expect(userBlocks(user(pasted), undefined)).toEqual([
      { type: "text", author: "user", kind: "user_intent", text: pasted },
    ]);
    expect(userBlocks(user("Stop hook said go on", { isMeta: true }), undefined)).toEqual([
      { type: "text", author: "injected", kind: "meta_message", text: "Stop hook said go on" },
    ]);
    expect(
      userBlocks(user([{ type: "text", text: "[Request interrupted by user]" }]), undefined),
    ).toEqual([
      {
        type: "text",
        author: "injected",
        kind: "interruption",
        text: "[Request interrupted by user]",
      },
    ]);
    expect(userBlocks(user("Go."), "agent_prompt")).toEqual([
      { type: "text", author: "injected", kind: "agent_prompt", text: "Go." },
    ]);
  });

  it("throws an unfit record naming the field that does not fit", () => {
    expect(() => userBlocks(user([{ type: "text", text: 7 }]), undefined)).toThrow(UnfitRecord);
    expect(() => userBlocks(user([{ type: "text", text: 7 }]), undefined)).toThrow(
      "user record whose message.content.0.text does not fit",
    );
  });
});

describe("assistantParts", () => {
  it("gives the model's blocks, the message id, and usage with every input token counted", () => {
    const parts = assistantParts({
      message: {
        id: "msg_1",
        model: "claude-opus-4-6",
        content: [
          { type: "thinking", thinking: "Look first.", signature: "EqQB" },
          { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } },
        ],
        usage: {
          input_tokens: 3,
          cache_creation_input_tokens: 10,
          cache_read_input_tokens: 20,
          output_tokens: 5,
        },
      },
    });
    expect(parts).toEqual({
      messageId: "msg_1",
      model: "claude-opus-4-6",
      blocks: [
        { type: "thinking", text: "Look first.", signature: "EqQB" },
        {
          type: "tool_use",
          id: "toolu_1",
          name: "Bash",
          input: { command: "ls" },
          json: '{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}',
        },
      ],
      usage: { input: 33, cached: 20, output: 5 },
    });
    expect(
      assistantParts({ message: { model: "<synthetic>", content: "API Error" } }).model,
    ).toBeUndefined();
  });
});

describe("systemParts", () => {
  it("reads a compaction boundary, and nothing of another system record", () => {
    expect(
      systemParts({
        subtype: "compact_boundary",
        compactMetadata: { trigger: "auto", preTokens: 9 },
      }),
    ).toEqual({ trigger: "auto", tokensBefore: 9 });
    expect(systemParts({ subtype: "turn_duration" })).toBeUndefined();
  });
});
