import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { SessionError } from "../session-error.js";
import { approximateTokenizer } from "./approximate-tokenizer.js";
import { countItemTokens, imageTokens } from "./count-item-tokens.js";

const count = (item: ResponseItem) => countItemTokens(item, approximateTokenizer);

describe("countItemTokens", () => {
  it("counts a message's text parts and a fixed estimate per image", () => {
    expect(
      count({
        type: "message",
        role: "user",
        content: [
          { type: "input_text", text: "12345678" },
          { type: "input_image", image_url: "data:image/png;base64,AAAA" },
          { type: "input_text", text: "é" },
        ],
      }),
    ).toBe(2 + imageTokens + 1);
  });

  it("counts a call's name and arguments and a tool's output", () => {
    expect(
      count({ type: "function_call", call_id: "c", name: "shell", arguments: '{"cmd":"ls"}' }),
    ).toBe(2 + 3);
    expect(count({ type: "function_call_output", call_id: "c", output: "x".repeat(9) })).toBe(3);
    expect(
      count({
        type: "custom_tool_call_output",
        call_id: "c",
        output: [{ type: "input_text", text: "abcd" }],
      }),
    ).toBe(1);
  });

  it("counts encrypted content by the bytes it decodes to", () => {
    expect(count({ type: "compaction", encrypted_content: "A".repeat(1_600) })).toBe(300);
    expect(
      count({
        type: "reasoning",
        summary: [{ type: "summary_text", text: "abcd" }],
        encrypted_content: "A".repeat(16),
      }),
    ).toBe(1 + 3);
  });
});

describe("approximateTokenizer", () => {
  it("rounds four UTF-8 bytes a token up", () => {
    expect(approximateTokenizer.count("")).toBe(0);
    expect(approximateTokenizer.count("abcde")).toBe(2);
    expect(approximateTokenizer.count("€")).toBe(1);
  });
});

describe("countItemTokens arguments", () => {
  it("names the argument that does not fit", () => {
    const item: ResponseItem = { type: "function_call_output", call_id: "c", output: "x" };
    expect(() =>
      Reflect.apply(countItemTokens, undefined, [{ type: "nope" }, approximateTokenizer]),
    ).toThrow(SessionError);
    expect(() => Reflect.apply(countItemTokens, undefined, [item, { name: "x" }])).toThrow(
      "tokenizer",
    );
  });
});
