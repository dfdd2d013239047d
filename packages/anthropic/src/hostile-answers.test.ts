import type { Message, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { expectTypedOutcome } from "@ctx/adapter-testing";
import { AdapterError } from "@ctx/protocol";
import fc from "fast-check";
import { describe, it } from "vitest";
import { fromMessage } from "./from-message.js";
import { fromMessageStream } from "./from-message-stream.js";

/** Well-formed parts of answers, which the property bends a field or two of. */
const templates: readonly object[] = [
  { type: "text", text: "Hi." },
  { type: "tool_use", id: "toolu_1", name: "shell", input: {} },
  { type: "thinking", thinking: "t", signature: "s" },
  { type: "redacted_thinking", data: "d" },
  { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} },
  { type: "message_start", message: { usage: { input_tokens: 5, output_tokens: 1 } } },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: "{" } },
  { type: "content_block_stop", index: 0 },
  { type: "message_delta", delta: { stop_reason: "max_tokens" }, usage: { output_tokens: 3 } },
  { type: "message_stop" },
];
const keys = ["type", "index", "id", "name", "input", "text", "content_block", "delta", "usage"];

/** Whatever JSON a provider could send, leaning to objects shaped like its answers. */
const { value: hostile } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthSize: "small" },
    fc.jsonValue({ maxDepth: 1, stringUnit: "binary" }),
    fc
      .tuple(
        fc.constantFrom(...templates),
        fc.dictionary(fc.constantFrom(...keys), tie("value"), { maxKeys: 2 }),
      )
      .map(([template, fields]) => ({ ...template, ...fields })),
    fc.constantFrom(...templates),
    fc.array(tie("value"), { maxLength: 4 }),
  ),
}));

/** A well-formed stream's events. */
const wellFormed: readonly object[] = [
  { type: "message_start", message: { usage: { input_tokens: 5, output_tokens: 1 } } },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi." } },
  { type: "content_block_stop", index: 0 },
  {
    type: "content_block_start",
    index: 1,
    content_block: { type: "tool_use", id: "t1", name: "shell", input: {} },
  },
  {
    type: "content_block_delta",
    index: 1,
    delta: { type: "input_json_delta", partial_json: "{}" },
  },
  { type: "content_block_stop", index: 1 },
  { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 3 } },
  { type: "message_stop" },
];

/** Any stream: hostile events alone, or a well-formed stream with events left out and hostile ones put in. */
const streams = fc.oneof(
  fc.array(hostile, { maxLength: 10 }),
  fc
    .tuple(fc.subarray([...wellFormed]), fc.array(fc.tuple(fc.nat(), hostile), { maxLength: 2 }))
    .map(([events, inserted]) => {
      const result: unknown[] = [...events];
      for (const [at, event] of inserted) result.splice(at % (result.length + 1), 0, event);
      return result;
    }),
);

async function* streamOf(events: readonly unknown[]): AsyncGenerator<RawMessageStreamEvent> {
  for (const event of events) yield event as RawMessageStreamEvent;
}

const typed = (error: unknown) => AdapterError.isInstance(error);
const runs = { numRuns: 300 };

describe("the Anthropic answer mappings fed any JSON a provider could send", () => {
  it("fromMessage throws only typed errors and returns only recordable items", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { maxLength: 5 }), hostile, async (content, usage) => {
        await expectTypedOutcome(
          () => fromMessage({ content, usage } as unknown as Message),
          typed,
        );
        await expectTypedOutcome(() => fromMessage(usage as Message), typed);
      }),
      runs,
    );
  });

  it("fromMessageStream does the same for any stream of them", async () => {
    await fc.assert(
      fc.asyncProperty(streams, async (events) => {
        await expectTypedOutcome(() => fromMessageStream(streamOf(events)), typed);
      }),
      runs,
    );
  });
});
