import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { saysContextWindowExceeded } from "./says-context-window-exceeded.js";

describe("saysContextWindowExceeded", () => {
  it("recognises OpenAI's code, on the error or inside its body", () => {
    expect(saysContextWindowExceeded({ code: "context_length_exceeded", status: 400 })).toBe(true);
    expect(saysContextWindowExceeded({ error: { code: "context_length_exceeded" } })).toBe(true);
  });

  it("recognises Anthropic's invalid_request_error about a prompt too long", () => {
    const body = (message: string) => ({
      type: "error",
      error: { type: "invalid_request_error", message },
    });
    expect(
      saysContextWindowExceeded(body("prompt is too long: 210000 tokens > 200000 maximum")),
    ).toBe(true);
    expect(
      saysContextWindowExceeded(
        body("input length and `max_tokens` exceed context limit: 1 + 2 > 3"),
      ),
    ).toBe(true);
    expect(saysContextWindowExceeded(body("max_tokens: field required"))).toBe(false);
  });

  it("says no for any other value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        fc.pre(!JSON.stringify(value).includes("context_length_exceeded"));
        fc.pre(!/prompt is too long|exceed context limit/i.test(JSON.stringify(value)));
        expect(saysContextWindowExceeded(value)).toBe(false);
      }),
      { numRuns: 100 },
    );
    expect(saysContextWindowExceeded(new Error("rate limited"))).toBe(false);
  });
});
