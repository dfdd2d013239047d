import { Anthropic, APIUserAbortError } from "@anthropic-ai/sdk";
import type { Message, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import {
  assistantMessage,
  describeAdapterContract,
  hostileJson,
  hostileStreams,
  sampleItems,
  streamOf,
  userMessage,
} from "@ctx/adapter-testing";
import fc from "fast-check";
import { expect } from "vitest";
import { createAnthropicSummarizer } from "./create-anthropic-summarizer.js";
import { fromMessage } from "./from-message.js";
import { fromMessageStream } from "./from-message-stream.js";
import { AnthropicAdapterError } from "./index.js";
import { toMessagesParams } from "./to-messages-params.js";

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

const hostile = hostileJson(templates, keys);

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

describeAdapterContract({
  provider: "anthropic",
  deprecatedError: AnthropicAdapterError,
  requestMappings: [
    {
      name: "toMessagesParams",
      map: (request) => toMessagesParams(request),
      growing: {
        // The last two messages carry the cache breakpoints, so they are new copies each time.
        items: [...sampleItems, assistantMessage("Done."), userMessage("Next.")],
        firstLength: 1,
        kept: { from: 0, rebuiltAtEnd: 2 },
        map: (input) => toMessagesParams({ instructions: "Be brief.", input }),
        frozenAt: 0,
        check: (last) => expect(last.messages.length).toBeGreaterThan(3),
      },
    },
  ],
  summarizer: {
    at: (url) =>
      createAnthropicSummarizer({
        client: new Anthropic({ apiKey: "test", baseURL: url, maxRetries: 0 }),
        model: "claude-test",
      }),
    input: [userMessage("Summarize the conversation.\n")],
    unmappable: [{ type: "compaction", encrypted_content: "x" }],
    expectAborted: (reason) => expect(reason).toBeInstanceOf(APIUserAbortError),
  },
  hostileAnswers: [
    {
      name: "fromMessage",
      values: fc.tuple(fc.array(hostile, { maxLength: 5 }), hostile),
      calls: ([content, usage]) => [
        () => fromMessage({ content, usage } as unknown as Message),
        () => fromMessage(usage as Message),
      ],
    },
    {
      name: "fromMessageStream, for any stream of them,",
      values: fc.tuple(hostileStreams(wellFormed, hostile, 10)),
      calls: ([events]) => [
        () => fromMessageStream(streamOf<RawMessageStreamEvent>(events as unknown[])),
      ],
    },
  ],
});
