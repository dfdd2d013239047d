import { readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseResponseItem, safeParseResponseItem } from "./parse-response-item.js";
import { ProtocolError } from "./protocol-error.js";
import type { ResponseItem } from "./response-item.js";

const knownTypes = new Set([
  "message",
  "function_call",
  "function_call_output",
  "custom_tool_call",
  "custom_tool_call_output",
  "reasoning",
  "compaction",
]);

function rolloutPayloads(name: string): Record<string, unknown>[] {
  return readFileSync(codexRolloutPath(name), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { type: string; payload: Record<string, unknown> })
    .filter((line) => line.type === "response_item")
    .map((line) => line.payload);
}

describe("parseResponseItem", () => {
  it("accepts a message with text and image content", () => {
    const value = {
      type: "message",
      role: "user",
      content: [
        { type: "input_text", text: "look at this" },
        { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "high" },
      ],
    };
    expect(parseResponseItem(value)).toEqual(value);
  });

  it("keeps fields it does not know, so newer items pass through unchanged", () => {
    const value = {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "done" }],
      phase: "final_answer",
      internal_chat_message_metadata_passthrough: { turn_id: "t1" },
    };
    expect(parseResponseItem(value)).toEqual(value);
  });

  it("names the offending path in the error", () => {
    expect(() =>
      parseResponseItem({ type: "message", role: "user", content: [{ type: "input_text" }] }),
    ).toThrowError(/content\[0\]\.text/);
  });

  it("rejects an unknown role and says where", () => {
    const result = safeParseResponseItem({ type: "message", role: "tool", content: [] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.path)).toEqual(["role"]);
    expect(ProtocolError.isInstance(result.error)).toBe(true);
    expect(result.error.code).toBe("invalid-item");
  });

  it("rejects an unknown item type at the type field", () => {
    const result = safeParseResponseItem({ type: "ghost_snapshot", ghost_commit: {} });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues[0]?.path).toBe("type");
    expect(result.error.message).toMatch(/^invalid response item: type: /);
  });

  it("rejects values that are not objects", () => {
    for (const value of [null, "message", 3, []]) {
      expect(safeParseResponseItem(value).success).toBe(false);
    }
  });

  it("rejects an image with neither a URL nor a file id", () => {
    const result = safeParseResponseItem({
      type: "message",
      role: "user",
      content: [{ type: "input_image" }],
    });
    expect(result.success).toBe(false);
  });

  it("accepts tool calls whose outputs are text or content lists", () => {
    const items: ResponseItem[] = [
      { type: "function_call", call_id: "c1", name: "shell", arguments: '{"cmd":"ls"}' },
      { type: "function_call_output", call_id: "c1", output: "a\nb" },
      { type: "custom_tool_call", call_id: "c2", name: "apply_patch", input: "*** Begin Patch" },
      {
        type: "custom_tool_call_output",
        call_id: "c2",
        output: [{ type: "input_text", text: "Done" }],
      },
      { type: "reasoning", summary: [], content: null, encrypted_content: "gAAA" },
      { type: "compaction", encrypted_content: "opaque" },
    ];
    for (const item of items) expect(parseResponseItem(item)).toEqual(item);
  });

  it.each(codexRolloutNames)("reads every known item of the Codex rollout %s", (name) => {
    const payloads = rolloutPayloads(name).filter((payload) =>
      knownTypes.has(String(payload.type)),
    );
    expect(payloads.length).toBeGreaterThan(0);
    for (const payload of payloads) {
      expect(JSON.stringify(parseResponseItem(payload))).toBe(JSON.stringify(payload));
    }
  });

  it("survives a JSON round trip unchanged, for any valid message", () => {
    const text = fc.string({ unit: "grapheme" });
    const content = fc.oneof(
      fc.record({ type: fc.constant("input_text" as const), text }),
      fc.record({ type: fc.constant("output_text" as const), text }),
      fc.record(
        {
          type: fc.constant("input_image" as const),
          // Any text: the schema asks for a string, not a URL (fc.webUrl also takes most of a
          // second to build, which a loaded machine multiplies).
          image_url: text,
          detail: fc.constantFrom("auto" as const, "low" as const, "high" as const),
        },
        { requiredKeys: ["type", "image_url"] },
      ),
    );
    const message = fc.record(
      {
        type: fc.constant("message" as const),
        role: fc.constantFrom("developer" as const, "user" as const, "assistant" as const),
        content: fc.array(content, { maxLength: 4 }),
        id: fc.string(),
      },
      { requiredKeys: ["type", "role", "content"] },
    );
    fc.assert(
      fc.property(message, (item) => {
        const parsed = parseResponseItem(JSON.parse(JSON.stringify(item)));
        expect(JSON.stringify(parsed)).toBe(JSON.stringify(item));
      }),
    );
  });
});
