import type { ModelAnswer } from "@ctx/protocol";
import type { LanguageModelUsage, StreamTextResult, ToolSet } from "ai";
import { describe, expect, expectTypeOf, it } from "vitest";
import { fromStreamText } from "./from-stream-text.js";

const usage: LanguageModelUsage = {
  inputTokens: 10,
  inputTokenDetails: { noCacheTokens: 10, cacheReadTokens: undefined, cacheWriteTokens: undefined },
  outputTokens: 2,
  outputTokenDetails: { textTokens: 2, reasoningTokens: undefined },
  totalTokens: 12,
};

describe("fromStreamText", () => {
  it("waits for the streamed steps and maps their messages", async () => {
    const answer = await fromStreamText({
      response: Promise.resolve({ messages: [{ role: "assistant", content: "Hi." }] }),
      usage: Promise.resolve(usage),
    });
    expect(answer.items).toEqual([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Hi." }] },
    ]);
    expect(answer.usage).toEqual({ totalTokens: 12, inputTokens: 10, outputTokens: 2 });
  });

  it("rejects with the stream's error when it fails or is aborted, mapping nothing", async () => {
    const aborted = Promise.reject(new DOMException("This operation was aborted", "AbortError"));
    await expect(
      fromStreamText({ response: aborted, usage: Promise.resolve(usage) }),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("names the result when it is not a streamText result", async () => {
    // @ts-expect-error: the response and the usage are promises.
    await expect(fromStreamText({ response: { messages: [] }, usage })).rejects.toThrow(
      /^invalid result/,
    );
    expectTypeOf<StreamTextResult<ToolSet, never, never>>().toExtend<
      Parameters<typeof fromStreamText>[0]
    >();
    expectTypeOf(fromStreamText).returns.toEqualTypeOf<Promise<ModelAnswer>>();
  });
});
