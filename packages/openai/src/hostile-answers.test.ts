import { expectTypedOutcome } from "@ctx/adapter-testing";
import { AdapterError } from "@ctx/protocol";
import fc from "fast-check";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";
import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import { describe, it } from "vitest";
import { fromChatCompletion } from "./from-chat-completion.js";
import { fromChatCompletionStream } from "./from-chat-completion-stream.js";
import { fromResponse } from "./from-response.js";
import { fromResponseStream } from "./from-response-stream.js";

/** Well-formed parts of answers, which the property bends a field or two of. */
const templates: readonly object[] = [
  {
    type: "message",
    id: "msg_1",
    role: "assistant",
    content: [{ type: "output_text", text: "Hi." }],
  },
  { type: "function_call", id: "fc_1", call_id: "c1", name: "shell", arguments: "{}" },
  { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "t" }] },
  {
    type: "response.output_item.done",
    output_index: 0,
    item: { type: "compaction", encrypted_content: "e" },
  },
  { type: "response.completed", response: { usage: { total_tokens: 5 }, status: "completed" } },
  {
    index: 0,
    delta: {
      content: "Hi.",
      tool_calls: [{ index: 0, id: "c1", function: { name: "shell", arguments: "{}" } }],
    },
    finish_reason: "stop",
  },
];

/** Whatever JSON a provider could send, leaning to objects shaped like its answers. */
const { value: hostile } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthSize: "small" },
    fc.jsonValue({ maxDepth: 1, stringUnit: "binary" }),
    fc
      .tuple(
        fc.constantFrom(...templates),
        fc.dictionary(
          fc.constantFrom(
            "id",
            "call_id",
            "name",
            "content",
            "text",
            "item",
            "delta",
            "usage",
            "output_index",
            "index",
            "role",
            "type",
          ),
          tie("value"),
          { maxKeys: 2 },
        ),
      )
      .map(([template, fields]) => ({ ...template, ...fields })),
    fc.array(tie("value"), { maxLength: 4 }),
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(
            "message",
            "function_call",
            "custom_tool_call",
            "reasoning",
            "compaction",
            "function_call_output",
            "output_text",
            "refusal",
            "summary_text",
            "function",
            "custom",
            "response.output_item.added",
            "response.output_item.done",
            "response.output_text.delta",
            "response.completed",
            "response.incomplete",
            "response.failed",
            "error",
          ),
          fc.jsonValue({ maxDepth: 0 }),
        ),
        fc.dictionary(
          fc.constantFrom(
            "id",
            "call_id",
            "name",
            "arguments",
            "input",
            "role",
            "content",
            "text",
            "refusal",
            "summary",
            "encrypted_content",
            "output",
            "output_index",
            "item",
            "response",
            "usage",
            "status",
            "incomplete_details",
            "choices",
            "message",
            "delta",
            "index",
            "finish_reason",
            "tool_calls",
            "function",
            "custom",
            "total_tokens",
            "input_tokens",
            "prompt_tokens",
          ),
          tie("value"),
          { maxKeys: 6 },
        ),
      )
      .map(([type, fields]) => ({ ...fields, type })),
  ),
}));

/** A well-formed stream's events, of either API. */
const wellFormed: readonly object[] = [
  {
    type: "response.output_item.added",
    output_index: 0,
    item: { type: "message", id: "m1", role: "assistant", content: [] },
  },
  { type: "response.output_text.delta", output_index: 0, item_id: "m1", delta: "Hi." },
  {
    type: "response.output_item.done",
    output_index: 0,
    item: {
      type: "message",
      id: "m1",
      role: "assistant",
      content: [{ type: "output_text", text: "Hi." }],
    },
  },
  {
    type: "response.output_item.done",
    output_index: 1,
    item: { type: "function_call", id: "f1", call_id: "c1", name: "shell", arguments: "{}" },
  },
  { choices: [{ index: 0, delta: { content: "Hi." } }] },
  {
    choices: [
      {
        index: 0,
        delta: {
          tool_calls: [{ index: 0, id: "c1", function: { name: "shell", arguments: "{}" } }],
        },
      },
    ],
  },
  { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }], usage: { total_tokens: 5 } },
  { type: "response.completed", response: { usage: { total_tokens: 5 }, status: "completed" } },
];

/** Any stream: hostile events alone, or a well-formed stream with events left out and hostile ones put in. */
const streams = fc.oneof(
  fc.array(hostile, { maxLength: 8 }),
  fc
    .tuple(fc.subarray([...wellFormed]), fc.array(fc.tuple(fc.nat(), hostile), { maxLength: 2 }))
    .map(([events, inserted]) => {
      const result: unknown[] = [...events];
      for (const [at, event] of inserted) result.splice(at % (result.length + 1), 0, event);
      return result;
    }),
);

async function* streamOf<Event>(events: readonly unknown[]): AsyncGenerator<Event> {
  for (const event of events) yield event as Event;
}

const typed = (error: unknown) => AdapterError.isInstance(error);
const runs = { numRuns: 300 };

describe("the OpenAI answer mappings fed any JSON a provider could send", () => {
  it("fromResponse and fromChatCompletion throw only typed errors and return only recordable items", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (output, choices) => {
        await expectTypedOutcome(
          () => fromResponse({ output, usage: null } as unknown as Response),
          typed,
        );
        await expectTypedOutcome(() => fromResponse(output as Response), typed);
        await expectTypedOutcome(
          () => fromChatCompletion({ choices } as unknown as ChatCompletion),
          typed,
        );
        await expectTypedOutcome(() => fromChatCompletion(choices as ChatCompletion), typed);
        await expectTypedOutcome(
          () =>
            fromChatCompletion({ choices: [{ message: choices }] } as unknown as ChatCompletion),
          typed,
        );
      }),
      runs,
    );
  });

  it("fromResponseStream and fromChatCompletionStream do the same for any stream of them", async () => {
    await fc.assert(
      fc.asyncProperty(streams, async (events) => {
        await expectTypedOutcome(
          () => fromResponseStream(streamOf<ResponseStreamEvent>(events)),
          typed,
        );
        await expectTypedOutcome(
          () => fromChatCompletionStream(streamOf<ChatCompletionChunk>(events)),
          typed,
        );
        const chunks = events.map((choice) => ({ choices: [choice] }));
        await expectTypedOutcome(
          () => fromChatCompletionStream(streamOf<ChatCompletionChunk>(chunks)),
          typed,
        );
      }),
      runs,
    );
  });
});
