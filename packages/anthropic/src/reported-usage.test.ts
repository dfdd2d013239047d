import type { Message } from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError, type ReportedUsage } from "@ctx/protocol";
import { describe, expect, expectTypeOf, it } from "vitest";
import { reportedUsage } from "./reported-usage.js";

/** A message's usage as the API reports it, with the fields the total ignores. */
function usage(counts: {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
}): Message["usage"] {
  return {
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: "standard",
    speed: null,
    ...counts,
  };
}

describe("reportedUsage", () => {
  it("adds the cached input, which input_tokens leaves out, to the input and the output", () => {
    const counts = {
      input_tokens: 12,
      cache_creation_input_tokens: 300,
      cache_read_input_tokens: 4000,
      output_tokens: 50,
    };
    expect(reportedUsage({ usage: usage(counts) })).toEqual({
      totalTokens: 4362,
      inputTokens: 4312,
      cachedInputTokens: 4000,
      cacheWriteTokens: 300,
      outputTokens: 50,
    });
  });

  it("counts a cache count the API leaves null as none", () => {
    const counts = {
      input_tokens: 100,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      output_tokens: 5,
    };
    expect(reportedUsage({ usage: usage(counts) })).toEqual({
      totalTokens: 105,
      inputTokens: 100,
      outputTokens: 5,
    });
    const thinking = { ...usage(counts), output_tokens_details: { thinking_tokens: 3 } };
    expect(reportedUsage({ usage: thinking })).toMatchObject({
      outputTokens: 5,
      reasoningTokens: 3,
    });
  });

  it("throws an AdapterError naming what does not fit", () => {
    // @ts-expect-error: a message is an object.
    expect(() => reportedUsage("message")).toThrow(AdapterError);
    // @ts-expect-error: a message has usage.
    expect(() => reportedUsage({})).toThrow(/^invalid message: usage/);
    // @ts-expect-error: usage needs output_tokens.
    expect(() => reportedUsage({ usage: { input_tokens: 5 } })).toThrow(/usage\.output_tokens/);
    const negative = usage({
      input_tokens: 1,
      output_tokens: 1,
      cache_creation_input_tokens: -1,
      cache_read_input_tokens: 0,
    });
    expect(() => reportedUsage({ usage: negative })).toThrow(/usage\.cache_creation_input_tokens/);
  });

  it("takes the SDK's own message and returns what session.reportUsage takes", () => {
    expectTypeOf<Message>().toExtend<Parameters<typeof reportedUsage>[0]>();
    expectTypeOf(reportedUsage).returns.toEqualTypeOf<ReportedUsage>();
  });
});
