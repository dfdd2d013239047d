import { withLocalServer } from "@ctx/adapter-testing";
import { AdapterError } from "@ctx/protocol";
import { OpenAI } from "openai";
import { describe, expect, it } from "vitest";
import { fromChatCompletion } from "./from-chat-completion.js";
import { fromChatCompletionStream } from "./from-chat-completion-stream.js";
import { fromResponse } from "./from-response.js";
import { fromResponseStream } from "./from-response-stream.js";

const client = (url: string) => new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 });
const call = (id: string, callId: string) => ({
  type: "function_call",
  id,
  call_id: callId,
  name: "shell",
  arguments: "{}",
  status: "completed",
});
const message = {
  type: "message",
  id: "msg_1",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text: "Done.", annotations: [] }],
};
const completed = {
  type: "response.completed",
  response: { id: "resp_1", status: "completed", output: [], usage: null },
};
const added = (index: number, item: object) => ({
  type: "response.output_item.added",
  output_index: index,
  item,
});
const done = (index: number, item: object) => ({
  type: "response.output_item.done",
  output_index: index,
  item,
});

/** What `fromResponseStream` makes of `events` as the real client streams them. */
async function streamed(events: readonly { readonly type: string }[]) {
  return withLocalServer(
    () => ({ events: events.map((data) => ({ event: data.type, data })) }),
    async (server) => {
      const stream = await client(server.url).responses.create({
        model: "gpt-test",
        input: "Hi.",
        stream: true,
      });
      return fromResponseStream(stream).catch((error: unknown) => error);
    },
  );
}

describe("fromResponseStream through the openai client, with a stream that contradicts itself", () => {
  it.each([
    [
      "an output closed twice",
      [added(0, message), done(0, message), done(0, message), completed],
      "stream event 2 closes output 0 a second time",
    ],
    [
      "two outputs with one id",
      [added(0, message), done(0, message), added(1, message), done(1, message), completed],
      "stream event 3 closes output 1 with the id msg_1",
    ],
    [
      "text after the output closed",
      [
        added(0, message),
        done(0, message),
        {
          type: "response.output_text.delta",
          item_id: "msg_1",
          output_index: 0,
          content_index: 0,
          delta: "more",
          logprobs: [],
        },
        completed,
      ],
      "stream event 2 (response.output_text.delta) adds to output 0 after it closed",
    ],
    [
      "two calls with one call id",
      [
        added(0, call("fc_1", "c1")),
        done(0, call("fc_1", "c1")),
        added(1, call("fc_2", "c1")),
        done(1, call("fc_2", "c1")),
        completed,
      ],
      "two tool calls with the call id c1",
    ],
  ])("refuses %s with a typed error naming it", async (_case, events, names) => {
    const error = await streamed(events);
    expect(error).toBeInstanceOf(AdapterError);
    expect(error).toMatchObject({ code: "invalid-answer" });
    expect((error as Error).message).toContain(names);
  });

  it("keeps an output closed without having started, with a warning naming the event", async () => {
    const answer = await streamed([done(0, message), completed]);
    expect(answer).toMatchObject({ items: [{ type: "message", id: "msg_1" }] });
    expect(answer).toMatchObject({
      warnings: [
        {
          code: "inconsistent-stream",
          message:
            "stream event 0 closes output 0, which no output_item.added event started; the item it carries was kept",
        },
      ],
    });
  });
});

describe("the chat completion mappings through the openai client, with contradictions", () => {
  const chunk = (delta: object, finish: string | null) => ({
    event: "message",
    data: {
      id: "chatcmpl_1",
      object: "chat.completion.chunk",
      created: 1,
      model: "gpt-test",
      choices: [{ index: 0, delta, finish_reason: finish }],
    },
  });
  const toolCall = (index: number, id: string) => ({
    tool_calls: [{ index, id, type: "function", function: { name: "shell", arguments: "{}" } }],
  });

  it.each([
    [
      "text after the choice finished",
      [chunk({ content: "Done." }, "stop"), chunk({ content: " More." }, null)],
      "stream chunk 1 adds to the first choice after it finished (stop)",
    ],
    [
      "two calls with one id",
      [chunk(toolCall(0, "c1"), null), chunk(toolCall(1, "c1"), "tool_calls")],
      "two tool calls with the call id c1",
    ],
    [
      "a call given a second id",
      [chunk(toolCall(0, "c1"), null), chunk(toolCall(0, "c2"), "tool_calls")],
      "gives tool call 0 the id c2, after c1",
    ],
  ])("refuses a stream with %s", async (_case, events, names) => {
    const error = await withLocalServer(
      () => ({ events: [...events, { event: "message", data: "[DONE]" }] }),
      async (server) => {
        const stream = await client(server.url).chat.completions.create({
          model: "gpt-test",
          messages: [],
          stream: true,
        });
        return fromChatCompletionStream(stream).catch((caught: unknown) => caught);
      },
    );
    expect(error).toBeInstanceOf(AdapterError);
    expect((error as Error).message).toContain(names);
  });

  it("refuses whole answers with two calls of one call id", async () => {
    const completion = {
      id: "chatcmpl_1",
      object: "chat.completion",
      created: 1,
      model: "gpt-test",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          message: {
            role: "assistant",
            content: null,
            tool_calls: [0, 1].map(() => ({
              id: "c1",
              type: "function",
              function: { name: "shell", arguments: "{}" },
            })),
          },
        },
      ],
    };
    const response = {
      id: "resp_1",
      object: "response",
      status: "completed",
      output: [call("fc_1", "c1"), call("fc_2", "c1")],
    };
    await withLocalServer(
      (_request, index) => ({ json: index === 0 ? completion : response }),
      async (server) => {
        const openai = client(server.url);
        const chat = await openai.chat.completions.create({ model: "gpt-test", messages: [] });
        expect(() => fromChatCompletion(chat)).toThrow(/two tool calls with the call id c1/);
        const whole = await openai.responses.create({ model: "gpt-test", input: "Hi." });
        expect(() => fromResponse(whole)).toThrow(/two tool calls with the call id c1/);
      },
    );
  });
});
