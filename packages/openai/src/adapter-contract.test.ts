import { describeAdapterContract, hostileStreams, streamOf } from "@ctx/adapter-testing";
import fc from "fast-check";
import OpenAI, { APIUserAbortError } from "openai";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";
import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import { expect } from "vitest";
import { textOnlyItems } from "./__fixtures__/text-only-items.js";
import { createOpenAISummarizer } from "./create-openai-summarizer.js";
import { fromChatCompletion } from "./from-chat-completion.js";
import { fromChatCompletionStream } from "./from-chat-completion-stream.js";
import { fromResponse } from "./from-response.js";
import { fromResponseStream } from "./from-response-stream.js";
import { OpenAIAdapterError } from "./index.js";
import { toChatCompletionsParams } from "./to-chat-completions-params.js";
import { toResponsesParams } from "./to-responses-params.js";

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

const streams = hostileStreams(wellFormed, hostile, 8);

describeAdapterContract({
  provider: "openai",
  deprecatedError: OpenAIAdapterError,
  requestMappings: [
    // Its growing requests are checked in its own test: its input is one item per item.
    { name: "toResponsesParams", map: (request) => toResponsesParams(request) },
    {
      name: "toChatCompletionsParams",
      map: (request) => toChatCompletionsParams(request),
      growing: {
        // The system message is built from the instructions on every call.
        items: textOnlyItems,
        firstLength: 0,
        kept: { from: 1, rebuiltAtEnd: 1 },
        map: (input) => toChatCompletionsParams({ instructions: "Be brief.", input }),
        frozenAt: 1,
      },
    },
  ],
  summarizer: {
    at: (url) =>
      createOpenAISummarizer({
        client: new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 }),
        model: "gpt-test",
      }),
    input: [
      {
        type: "message",
        role: "user",
        content: [{ type: "input_text", text: "Summarize the conversation.\n" }],
      },
    ],
    unmappable: [
      {
        type: "message",
        role: "user",
        content: [{ type: "output_text", text: "Not the user's kind of text." }],
      },
    ],
    expectAborted: (reason) => expect(reason).toBeInstanceOf(APIUserAbortError),
  },
  hostileAnswers: [
    {
      name: "fromResponse and fromChatCompletion",
      values: fc.tuple(hostile, hostile),
      calls: ([output, choices]) => [
        () => fromResponse({ output, usage: null } as unknown as Response),
        () => fromResponse(output as Response),
        () => fromChatCompletion({ choices } as unknown as ChatCompletion),
        () => fromChatCompletion(choices as ChatCompletion),
        () => fromChatCompletion({ choices: [{ message: choices }] } as unknown as ChatCompletion),
      ],
    },
    {
      name: "fromResponseStream and fromChatCompletionStream, for any stream of them,",
      values: fc.tuple(streams),
      calls: ([stream]) => {
        const events = stream as unknown[];
        const chunks = events.map((choice) => ({ choices: [choice] }));
        return [
          () => fromResponseStream(streamOf<ResponseStreamEvent>(events)),
          () => fromChatCompletionStream(streamOf<ChatCompletionChunk>(events)),
          () => fromChatCompletionStream(streamOf<ChatCompletionChunk>(chunks)),
        ];
      },
    },
  ],
});
