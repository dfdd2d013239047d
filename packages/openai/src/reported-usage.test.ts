import { AdapterError, type ReportedUsage } from "@ctx/protocol";
import type { ChatCompletion } from "openai/resources/chat/completions";
import type { Response } from "openai/resources/responses/responses";
import { describe, expect, expectTypeOf, it } from "vitest";
import { reportedUsage } from "./reported-usage.js";

describe("reportedUsage", () => {
  it("reads a Responses API response's counts: the input already includes the cached part", () => {
    const usage = {
      input_tokens: 1200,
      input_tokens_details: { cached_tokens: 1000, cache_write_tokens: 0 },
      output_tokens: 34,
      output_tokens_details: { reasoning_tokens: 20 },
      total_tokens: 1234,
    };
    expect(reportedUsage({ usage })).toEqual({
      totalTokens: 1234,
      inputTokens: 1200,
      cachedInputTokens: 1000,
      cacheWriteTokens: 0,
      outputTokens: 34,
      reasoningTokens: 20,
    });
  });

  it("reads a chat completion's counts, leaving out those it does not carry", () => {
    const usage = { prompt_tokens: 90, completion_tokens: 9, total_tokens: 99 };
    expect(reportedUsage({ usage })).toEqual({ totalTokens: 99, inputTokens: 90, outputTokens: 9 });
    const detailed = {
      ...usage,
      prompt_tokens_details: { cached_tokens: 64 },
      completion_tokens_details: { reasoning_tokens: 4 },
    };
    expect(reportedUsage({ usage: detailed })).toEqual({
      totalTokens: 99,
      inputTokens: 90,
      cachedInputTokens: 64,
      outputTokens: 9,
      reasoningTokens: 4,
    });
  });

  it("is undefined when the response carries no usage, or null while in progress", () => {
    expect(reportedUsage({})).toBeUndefined();
    const inProgress: unknown = JSON.parse('{"status":"in_progress","usage":null}');
    // @ts-expect-error: the SDK's types leave the in-progress `null` out.
    expect(reportedUsage(inProgress)).toBeUndefined();
  });

  it("throws an AdapterError naming what does not fit", () => {
    // @ts-expect-error: a response is an object.
    expect(() => reportedUsage("response")).toThrow(AdapterError);
    // @ts-expect-error: usage needs total_tokens.
    expect(() => reportedUsage({ usage: { input_tokens: 5 } })).toThrow(
      /^invalid response: usage\.total_tokens/,
    );
    // @ts-expect-error: usage needs total_tokens.
    expect(() => reportedUsage({ usage: { total_tokens: -1 } })).toThrow(/usage\.total_tokens/);
    // @ts-expect-error: usage needs total_tokens.
    expect(() => reportedUsage({ usage: { total_tokens: 1.5 } })).toThrow(/usage\.total_tokens/);
    const usage = { total_tokens: 9, input_tokens: 5, input_tokens_details: { cached_tokens: -2 } };
    // @ts-expect-error: a count is a whole number ≥ 0.
    expect(() => reportedUsage({ usage })).toThrow(/usage\.input_tokens_details\.cached_tokens/);
  });

  it("takes the SDK's own responses and returns what session.reportUsage takes", () => {
    expectTypeOf<Response>().toExtend<Parameters<typeof reportedUsage>[0]>();
    expectTypeOf<ChatCompletion>().toExtend<Parameters<typeof reportedUsage>[0]>();
    expectTypeOf(reportedUsage).returns.toEqualTypeOf<ReportedUsage | undefined>();
  });
});
