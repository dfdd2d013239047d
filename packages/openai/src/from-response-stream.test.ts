import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import { fromResponseStream } from "./from-response-stream.js";

/** The events as a stream, typed as the SDK yields them. */
async function* streamOf(events: readonly object[]): AsyncGenerator<ResponseStreamEvent> {
  for (const event of events) yield event as ResponseStreamEvent;
}

const message = {
  type: "message",
  id: "msg_1",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text: "Two files.", annotations: [] }],
};
const call = {
  type: "function_call",
  id: "fc_1",
  call_id: "call_1",
  name: "shell",
  arguments: '{"command":["ls"]}',
  status: "completed",
};
const usage = {
  input_tokens: 100,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 5,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 105,
};

describe("fromResponseStream", () => {
  it("keeps each item as its done event carries it, in output order, with the final usage", async () => {
    const seen: string[] = [];
    const answer = await fromResponseStream(
      streamOf([
        { type: "response.created", response: { output: [], usage: null } },
        { type: "response.output_item.added", output_index: 0, item: { ...call, arguments: "" } },
        { type: "response.function_call_arguments.delta", output_index: 0, delta: '{"comm' },
        { type: "response.output_item.added", output_index: 1, item: { ...message, content: [] } },
        { type: "response.output_text.delta", output_index: 1, delta: "Two files." },
        // The second item finishes first; the answer keeps the output order.
        { type: "response.output_item.done", output_index: 1, item: message },
        { type: "response.output_item.done", output_index: 0, item: call },
        { type: "response.completed", response: { output: [call, message], usage } },
      ]),
      { onEvent: (event) => seen.push(event.type) },
    );
    expect(answer.items).toEqual([
      {
        type: "function_call",
        id: "fc_1",
        call_id: "call_1",
        name: "shell",
        arguments: '{"command":["ls"]}',
      },
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        content: [{ type: "output_text", text: "Two files." }],
      },
    ]);
    expect(answer.usage).toMatchObject({
      totalTokens: 105,
      inputTokens: 100,
      cachedInputTokens: 0,
    });
    expect(seen).toHaveLength(8);
  });

  it("keeps the complete items of an incomplete response, with a warning naming why", async () => {
    const answer = await fromResponseStream(
      streamOf([
        { type: "response.output_item.added", output_index: 0, item: { ...call, arguments: "" } },
        { type: "response.output_item.done", output_index: 0, item: call },
        {
          type: "response.incomplete",
          response: { incomplete_details: { reason: "max_output_tokens" }, usage },
        },
      ]),
    );
    expect(answer.items).toHaveLength(1);
    expect(answer.ending).toBe("cut");
    expect(answer.warnings).toEqual([
      expect.objectContaining({
        code: "incomplete-response",
        message: expect.stringContaining("max_output_tokens"),
      }),
    ]);
  });

  it("rejects a stream that ends before its final event, or fails, keeping nothing", async () => {
    await expect(
      fromResponseStream(
        streamOf([{ type: "response.output_item.done", output_index: 0, item: call }]),
      ),
    ).rejects.toMatchObject({
      code: "incomplete-answer",
      message: expect.stringContaining("response.completed"),
    });
    await expect(
      fromResponseStream(
        streamOf([
          { type: "response.output_item.done", output_index: 0, item: call },
          {
            type: "response.failed",
            response: { error: { code: "server_error", message: "The model crashed." } },
          },
        ]),
      ),
    ).rejects.toMatchObject({
      code: "incomplete-answer",
      message: "the response failed: The model crashed.",
    });
  });

  it("rejects with the stream's own error when it breaks off (an abort)", async () => {
    async function* aborted(): AsyncGenerator<ResponseStreamEvent> {
      yield {
        type: "response.output_item.done",
        output_index: 0,
        item: call,
      } as ResponseStreamEvent;
      throw new DOMException("This operation was aborted", "AbortError");
    }
    await expect(fromResponseStream(aborted())).rejects.toMatchObject({ name: "AbortError" });
  });

  it("names a malformed event or item", async () => {
    await expect(
      fromResponseStream(
        streamOf([
          { type: "response.output_item.done", output_index: 0, item: { type: "function_call" } },
        ]),
      ),
    ).rejects.toMatchObject({
      code: "invalid-answer",
      message: expect.stringContaining("stream event 0 (output 0)"),
    });
    await expect(fromResponseStream(streamOf([{ output_index: 0 }]))).rejects.toMatchObject({
      code: "invalid-answer",
      message: expect.stringContaining("stream event 0 is not valid: type"),
    });
  });

  it("names the stream or the options when they are not ones", async () => {
    // @ts-expect-error: a stream is an async iterable.
    await expect(fromResponseStream([])).rejects.toThrow(/^invalid stream/);
    // @ts-expect-error: onEvent is a function.
    await expect(fromResponseStream(streamOf([]), { onEvent: 1 })).rejects.toThrow(
      /^invalid options/,
    );
  });
});
