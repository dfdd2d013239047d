import {
  type Answer,
  type LocalServer,
  runConversation,
  shellOutput,
  shellTool,
  startLocalServer,
  userTurns,
} from "@ctx/adapter-testing";
import { parseResponseItem, type ResponseItem } from "@ctx/protocol";
import { OpenAI } from "openai";
import type { ResponseOutputItem } from "openai/resources/responses/responses";
import { afterEach, describe, expect, it } from "vitest";
import { toChatCompletionsParams } from "./to-chat-completions-params.js";
import { toResponsesParams } from "./to-responses-params.js";

/** What the scripted model says on each request: text, or a call of the shell tool. */
const script: readonly ({ text: string } | { call: string })[] = [
  { text: "Hello." },
  { call: '{"command":["ls"]}' },
  { text: "There are two entries." },
  { text: "You are welcome." },
];

function responseEvents(index: number): Answer {
  const step = script[index] ?? { text: "" };
  const id = `resp_${index}`;
  const item: ResponseOutputItem =
    "text" in step
      ? {
          type: "message",
          id: `msg_${index}`,
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: step.text, annotations: [] }],
        }
      : {
          type: "function_call",
          id: `fc_${index}`,
          call_id: `call_${index}`,
          name: "shell",
          arguments: step.call,
          status: "completed",
        };
  const response = (status: string, output: unknown[]) => ({
    id,
    object: "response",
    created_at: 1764547200,
    status,
    model: "gpt-test",
    output,
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage:
      status === "completed"
        ? {
            input_tokens: 100,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 5,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 105,
          }
        : null,
  });
  const pending =
    item.type === "message"
      ? { ...item, status: "in_progress", content: [] }
      : { ...item, status: "in_progress", arguments: "" };
  const deltas =
    item.type === "message"
      ? [
          {
            type: "response.output_text.delta",
            item_id: item.id,
            output_index: 0,
            content_index: 0,
            delta: "text" in step ? step.text : "",
            logprobs: [],
          },
        ]
      : [
          {
            type: "response.function_call_arguments.delta",
            item_id: item.id,
            output_index: 0,
            delta: item.arguments,
          },
        ];
  const events = [
    { type: "response.created", response: response("in_progress", []) },
    { type: "response.output_item.added", output_index: 0, item: pending },
    ...deltas,
    { type: "response.output_item.done", output_index: 0, item },
    { type: "response.completed", response: response("completed", [item]) },
  ];
  return {
    events: events.map((data, sequence) => ({
      event: data.type,
      data: { ...data, sequence_number: sequence },
    })),
  };
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Asserts that each recorded array begins with the previous one, element for element. */
function expectEachExtendsThePrevious(lists: readonly unknown[][]): void {
  for (let index = 1; index < lists.length; index++) {
    const previous = lists[index - 1] ?? [];
    expect(lists[index]?.slice(0, previous.length)).toEqual(previous);
    expect(lists[index]?.length).toBeGreaterThan(previous.length);
  }
}

describe("toResponsesParams through the openai client", () => {
  it("runs three turns with a settings change and a tool call, each request extending the last", async () => {
    server = await startLocalServer((_request, index) => responseEvents(index));
    const client = new OpenAI({ apiKey: "test", baseURL: `${server.url}/v1`, maxRetries: 0 });

    await runConversation(async (request) => {
      const stream = await client.responses.create({
        model: "gpt-test",
        stream: true,
        store: false,
        tools: [{ type: "function", strict: true, ...shellTool }],
        ...toResponsesParams(request, {
          instructionsAs: "developer-message",
          promptCacheKey: "session-1",
        }),
      });
      const output: ResponseItem[] = [];
      for await (const event of stream) {
        if (event.type === "response.output_item.done") output.push(parseResponseItem(event.item));
      }
      return output;
    });

    const bodies = server.requests.map((request) => request.body);
    expect(server.requests.map((request) => request.path)).toEqual(Array(4).fill("/v1/responses"));
    for (const body of bodies) {
      expect(body).not.toHaveProperty("instructions");
      expect(body.prompt_cache_key).toBe("session-1");
      expect(body.stream).toBe(true);
    }
    const inputs = bodies.map((body) => body.input as unknown[]);
    expectEachExtendsThePrevious(inputs);
    expect(inputs[3]?.[0]).toEqual({
      type: "message",
      role: "developer",
      content: [{ type: "input_text", text: "You are a careful coding agent working in /repo." }],
    });
    expect(inputs[3]?.slice(4)).toEqual([
      { type: "message", role: "assistant", content: "Hello." },
      {
        type: "message",
        role: "developer",
        content: [
          {
            type: "input_text",
            text: "<permissions instructions>\nThe sandbox is read-only.\n</permissions instructions>",
          },
        ],
      },
      { type: "message", role: "user", content: [{ type: "input_text", text: userTurns[1] }] },
      {
        type: "function_call",
        call_id: "call_1",
        name: "shell",
        arguments: '{"command":["ls"]}',
        id: "fc_1",
      },
      { type: "function_call_output", call_id: "call_1", output: shellOutput },
      { type: "message", role: "assistant", content: "There are two entries." },
      { type: "message", role: "user", content: [{ type: "input_text", text: userTurns[2] }] },
    ]);
  });
});

function chatCompletion(index: number): Answer {
  const step = script[index] ?? { text: "" };
  const message =
    "text" in step
      ? { role: "assistant", content: step.text, refusal: null }
      : {
          role: "assistant",
          content: null,
          refusal: null,
          tool_calls: [
            {
              id: `call_${index}`,
              type: "function",
              function: { name: "shell", arguments: step.call },
            },
          ],
        };
  return {
    json: {
      id: `chatcmpl_${index}`,
      object: "chat.completion",
      created: 1764547200,
      model: "gpt-test",
      choices: [
        {
          index: 0,
          message,
          logprobs: null,
          finish_reason: "text" in step ? "stop" : "tool_calls",
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 },
    },
  };
}

describe("toChatCompletionsParams through the openai client", () => {
  it("runs three turns with a settings change and a tool call, each request extending the last", async () => {
    server = await startLocalServer((_request, index) => chatCompletion(index));
    const client = new OpenAI({ apiKey: "test", baseURL: `${server.url}/v1`, maxRetries: 0 });

    await runConversation(async (request) => {
      const completion = await client.chat.completions.create({
        model: "gpt-test",
        tools: [{ type: "function", function: shellTool }],
        ...toChatCompletionsParams(request, { promptCacheKey: "session-1" }),
      });
      const message = completion.choices[0]?.message;
      const items: ResponseItem[] = [];
      if (message?.content) {
        items.push({
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: message.content }],
        });
      }
      for (const call of message?.tool_calls ?? []) {
        if (call.type === "function") {
          items.push({
            type: "function_call",
            call_id: call.id,
            name: call.function.name,
            arguments: call.function.arguments,
          });
        }
      }
      return items;
    });

    const bodies = server.requests.map((request) => request.body);
    expect(server.requests.every((request) => request.path === "/v1/chat/completions")).toBe(true);
    const messages = bodies.map((body) => body.messages as unknown[]);
    expectEachExtendsThePrevious(messages);
    expect(messages[3]?.slice(4)).toEqual([
      { role: "assistant", content: [{ type: "text", text: "Hello." }] },
      {
        role: "developer",
        content: [
          {
            type: "text",
            text: "<permissions instructions>\nThe sandbox is read-only.\n</permissions instructions>",
          },
        ],
      },
      { role: "user", content: [{ type: "text", text: userTurns[1] }] },
      {
        role: "assistant",
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "shell", arguments: '{"command":["ls"]}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: shellOutput },
      { role: "assistant", content: [{ type: "text", text: "There are two entries." }] },
      { role: "user", content: [{ type: "text", text: userTurns[2] }] },
    ]);
    expect(bodies.every((body) => body.prompt_cache_key === "session-1")).toBe(true);
  });
});
