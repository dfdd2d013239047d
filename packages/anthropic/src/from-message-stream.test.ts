import type { Message, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromMessage } from "./from-message.js";
import { fromMessageStream } from "./from-message-stream.js";

async function* streamOf(events: readonly object[]): AsyncGenerator<RawMessageStreamEvent> {
  for (const event of events) yield event as RawMessageStreamEvent;
}

/** `text` cut at the given places, in order. */
function pieces(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const result: string[] = [];
  let from = 0;
  for (const point of points) {
    result.push(text.slice(from, point));
    from = point;
  }
  result.push(text.slice(from));
  return result;
}

const start = {
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    content: [],
    usage: { input_tokens: 100, output_tokens: 1, cache_read_input_tokens: 0 },
  },
};
const end = [
  { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 5 } },
  { type: "message_stop" },
];

/** The events that stream `thinking`, `text` and a tool call of `input`, each delta cut at `cuts`. */
function events(thinking: string, text: string, input: object, cuts: readonly number[]): object[] {
  const deltas = (index: number, type: string, field: string, value: string) =>
    pieces(value, cuts).map((piece) => ({
      type: "content_block_delta",
      index,
      delta: { type, [field]: piece },
    }));
  return [
    start,
    {
      type: "content_block_start",
      index: 0,
      content_block: { type: "thinking", thinking: "", signature: "" },
    },
    ...deltas(0, "thinking_delta", "thinking", thinking),
    { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig" } },
    { type: "content_block_stop", index: 0 },
    {
      type: "content_block_start",
      index: 1,
      content_block: { type: "text", text: "", citations: null },
    },
    { type: "ping" },
    ...deltas(1, "text_delta", "text", text),
    { type: "content_block_stop", index: 1 },
    {
      type: "content_block_start",
      index: 2,
      content_block: { type: "tool_use", id: "toolu_1", name: "shell", input: {} },
    },
    ...deltas(2, "input_json_delta", "partial_json", JSON.stringify(input)),
    { type: "content_block_stop", index: 2 },
    ...end,
  ];
}

describe("fromMessageStream", () => {
  it("gives the items of the whole message, however the deltas are cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 30 }),
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        fc.array(fc.nat(40), { maxLength: 6 }),
        async (thinking, text, input, cuts) => {
          const streamed = await fromMessageStream(streamOf(events(thinking, text, input, cuts)));
          const whole = fromMessage({
            content: [
              { type: "thinking", thinking, signature: "sig" },
              { type: "text", text, citations: null },
              { type: "tool_use", id: "toolu_1", name: "shell", input },
            ],
            usage: { input_tokens: 100, output_tokens: 5, cache_read_input_tokens: 0 },
          } as unknown as Message);
          expect(streamed).toEqual(whole);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps the last message_delta's counts over message_start's", async () => {
    const answer = await fromMessageStream(streamOf(events("", "Hi.", {}, [])));
    expect(answer.usage).toEqual({
      totalTokens: 105,
      inputTokens: 100,
      cachedInputTokens: 0,
      outputTokens: 5,
    });
  });

  it("rejects a stream that ends early, stops with a block open or reports an error", async () => {
    const all = events("", "Hi.", {}, []);
    await expect(fromMessageStream(streamOf(all.slice(0, -1)))).rejects.toMatchObject({
      code: "incomplete-answer",
      message: expect.stringContaining("message_stop"),
    });
    const open = all.filter(
      (event) => JSON.stringify(event) !== '{"type":"content_block_stop","index":2}',
    );
    await expect(fromMessageStream(streamOf(open))).rejects.toMatchObject({
      code: "incomplete-answer",
      message: expect.stringContaining("block 2 unfinished"),
    });
    await expect(
      fromMessageStream(
        streamOf([
          start,
          { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
        ]),
      ),
    ).rejects.toMatchObject({
      code: "incomplete-answer",
      message: "the API reported an error: Overloaded",
    });
  });

  it("rejects with the stream's own error when it breaks off (an abort)", async () => {
    async function* aborted(): AsyncGenerator<RawMessageStreamEvent> {
      yield start as RawMessageStreamEvent;
      throw new DOMException("This operation was aborted", "AbortError");
    }
    await expect(fromMessageStream(aborted())).rejects.toMatchObject({ name: "AbortError" });
  });

  it("names a tool input that is not JSON and a delta for a block that never started", async () => {
    const broken = events("", "Hi.", {}, []).map((event) =>
      "delta" in event &&
      typeof event.delta === "object" &&
      event.delta !== null &&
      "partial_json" in event.delta
        ? { ...event, delta: { type: "input_json_delta", partial_json: '{"command":' } }
        : event,
    );
    await expect(fromMessageStream(streamOf(broken))).rejects.toMatchObject({
      code: "invalid-answer",
      index: 2,
      message: expect.stringContaining("has tool input that is not JSON"),
    });
    await expect(
      fromMessageStream(
        streamOf([
          start,
          { type: "content_block_delta", index: 3, delta: { type: "text_delta", text: "x" } },
        ]),
      ),
    ).rejects.toMatchObject({
      code: "invalid-answer",
      message: "stream event 1 names block 3, which has not started",
    });
  });

  it("names the stream or the options when they are not ones", async () => {
    // @ts-expect-error: a stream is an async iterable.
    await expect(fromMessageStream({})).rejects.toThrow(/^invalid stream/);
    // @ts-expect-error: onEvent is a function.
    await expect(fromMessageStream(streamOf([]), { onEvent: "x" })).rejects.toThrow(
      /^invalid options/,
    );
  });
});
