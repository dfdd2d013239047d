import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { spyTokenizer } from "../__fixtures__/spy-tokenizer.js";
import { SessionError } from "../session-error.js";
import { TokenCounter } from "./token-counter.js";

const message = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [
    { type: "input_text", text },
    { type: "input_text", text: "1234" },
  ],
});

describe("TokenCounter", () => {
  it("counts each item object once, with its parts", () => {
    const tokenizer = spyTokenizer();
    const counter = new TokenCounter(tokenizer);
    const item = message("12345678");
    expect(counter.item(item)).toEqual({ tokens: 3, parts: [2, 1] });
    expect(counter.item(item)).toEqual({ tokens: 3, parts: [2, 1] });
    expect(tokenizer.calls).toBe(2);
    counter.item(message("12345678"));
    expect(tokenizer.calls).toBe(4);
  });

  it("keeps the last text's count", () => {
    const tokenizer = spyTokenizer();
    const counter = new TokenCounter(tokenizer);
    expect(counter.text("abcdefgh")).toBe(2);
    expect(counter.text("abcdefgh")).toBe(2);
    expect(tokenizer.calls).toBe(1);
    expect(counter.text("abcd")).toBe(1);
    expect(tokenizer.calls).toBe(2);
  });

  it("refuses a count that is not a whole number of tokens", () => {
    const counter = new TokenCounter({ name: "broken", count: () => Number.NaN });
    expect(() => counter.text("x")).toThrow(SessionError);
    expect(() => counter.text("x")).toThrow(
      expect.objectContaining({ code: "invalid-token-count" }),
    );
    expect(() => counter.item(message("x"))).toThrow('the tokenizer "broken" counted NaN tokens');
  });
});
