import { AdapterError, type ReportedUsage } from "@ctx/protocol";
import type { GenerateTextResult, LanguageModelUsage, StreamTextResult, ToolSet } from "ai";
import { describe, expect, expectTypeOf, it } from "vitest";
import { reportedUsage } from "./reported-usage.js";

/** The AI SDK's usage with the given counts and no details. */
function usage(
  inputTokens: number | undefined,
  outputTokens: number | undefined,
  totalTokens: number | undefined,
): LanguageModelUsage {
  return {
    inputTokens,
    inputTokenDetails: {
      noCacheTokens: undefined,
      cacheReadTokens: undefined,
      cacheWriteTokens: undefined,
    },
    outputTokens,
    outputTokenDetails: { textTokens: undefined, reasoningTokens: undefined },
    totalTokens,
  };
}

describe("reportedUsage", () => {
  it("reads totalTokens as the provider reported it", () => {
    expect(reportedUsage(usage(100, 5, 110))).toEqual({
      totalTokens: 110,
      inputTokens: 100,
      outputTokens: 5,
    });
  });

  it("reads the cache and reasoning details the provider reported", () => {
    const detailed: LanguageModelUsage = {
      ...usage(100, 5, 105),
      inputTokenDetails: { noCacheTokens: 10, cacheReadTokens: 80, cacheWriteTokens: 10 },
      outputTokenDetails: { textTokens: 3, reasoningTokens: 2 },
    };
    expect(reportedUsage(detailed)).toEqual({
      totalTokens: 105,
      inputTokens: 100,
      cachedInputTokens: 80,
      cacheWriteTokens: 10,
      outputTokens: 5,
      reasoningTokens: 2,
    });
  });

  it("adds the input and the output when the total is absent", () => {
    expect(reportedUsage(usage(100, 5, undefined))).toEqual({
      totalTokens: 105,
      inputTokens: 100,
      outputTokens: 5,
    });
  });

  it("is undefined when the provider reported neither", () => {
    expect(reportedUsage(usage(undefined, undefined, undefined))).toBeUndefined();
    expect(reportedUsage(usage(100, undefined, undefined))).toBeUndefined();
  });

  it("throws an AdapterError naming what does not fit", () => {
    // @ts-expect-error: usage is an object.
    expect(() => reportedUsage(null)).toThrow(AdapterError);
    expect(() => reportedUsage(usage(-1, 5, undefined))).toThrow(/^invalid usage: inputTokens/);
    expect(() => reportedUsage(usage(1, 5, 0.5))).toThrow(/^invalid usage: totalTokens/);
  });

  it("takes generateText's and streamText's usage and returns what session.reportUsage takes", () => {
    type Parameter = Parameters<typeof reportedUsage>[0];
    expectTypeOf<GenerateTextResult<ToolSet, never, never>["usage"]>().toExtend<Parameter>();
    expectTypeOf<Awaited<StreamTextResult<ToolSet, never, never>["usage"]>>().toExtend<Parameter>();
    expectTypeOf(reportedUsage).returns.toEqualTypeOf<ReportedUsage | undefined>();
  });
});
