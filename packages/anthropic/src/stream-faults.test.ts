import { Anthropic } from "@anthropic-ai/sdk";
import { withLocalServer } from "@ctx/adapter-testing";
import { AdapterError } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { fromMessage } from "./from-message.js";
import { fromMessageStream } from "./from-message-stream.js";

const client = (url: string) => new Anthropic({ apiKey: "test", baseURL: url, maxRetries: 0 });
const request = { model: "claude-test", max_tokens: 64, messages: [] };
const start = {
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 90, output_tokens: 1 },
  },
};
const stop = [
  { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } },
  { type: "message_stop" },
];
const textStart = (index: number) => ({
  type: "content_block_start",
  index,
  content_block: { type: "text", text: "" },
});
const toolUse = (index: number, id: string) => [
  {
    type: "content_block_start",
    index,
    content_block: { type: "tool_use", id, name: "shell", input: {} },
  },
  { type: "content_block_stop", index },
];
const text = (index: number) => ({
  type: "content_block_delta",
  index,
  delta: { type: "text_delta", text: "Hi." },
});

describe("fromMessageStream through the Anthropic client, with a stream that contradicts itself", () => {
  it.each([
    [
      "a block started twice",
      [start, textStart(0), textStart(0), ...stop],
      "stream event 2 starts block 0 a second time",
    ],
    [
      "text after the block stopped",
      [start, textStart(0), text(0), { type: "content_block_stop", index: 0 }, text(0), ...stop],
      "stream event 4 names block 0 after it stopped",
    ],
    [
      "two tool uses with one id",
      [start, ...toolUse(0, "toolu_1"), ...toolUse(1, "toolu_1"), ...stop],
      "two tool_use blocks with the id toolu_1",
    ],
  ])("refuses %s with a typed error naming it", async (_case, events, names) => {
    const error = await withLocalServer(
      () => ({ events: events.map((data) => ({ event: data.type, data })) }),
      async (server) => {
        const stream = await client(server.url).messages.create({ ...request, stream: true });
        return fromMessageStream(stream).catch((caught: unknown) => caught);
      },
    );
    expect(error).toBeInstanceOf(AdapterError);
    expect(error).toMatchObject({ code: "invalid-answer" });
    expect((error as Error).message).toContain(names);
  });

  it("refuses a whole message with two tool uses of one id", async () => {
    await withLocalServer(
      () => ({
        json: {
          ...start.message,
          content: [0, 1].map(() => ({
            type: "tool_use",
            id: "toolu_1",
            name: "shell",
            input: {},
          })),
          stop_reason: "tool_use",
        },
      }),
      async (server) => {
        const message = await client(server.url).messages.create(request);
        expect(() => fromMessage(message)).toThrow(/two tool_use blocks with the id toolu_1/);
      },
    );
  });
});
