import type { Answer } from "./local-server.js";

/** One answer of the scripted model: text, or a call of the `shell` tool with its input. */
export type ScriptStep = { readonly text: string } | { readonly call: object };

/**
 * What the scripted model says on each request of {@link runConversation}: a greeting, a call
 * of the shell tool, a remark on its output, a farewell.
 */
export const conversationScript: readonly ScriptStep[] = [
  { text: "Hello." },
  { call: { command: ["ls"] } },
  { text: "There are two entries." },
  { text: "You are welcome." },
];

function stepAt(index: number): ScriptStep {
  return conversationScript[index] ?? { text: "" };
}

/** The Responses API output item of the step at `index`, complete. */
function responsesItem(index: number): Record<string, unknown> {
  const step = stepAt(index);
  return "text" in step
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
        arguments: JSON.stringify(step.call),
        status: "completed",
      };
}

function responsesObject(index: number, status: string, output: unknown[]) {
  return {
    id: `resp_${index}`,
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
  };
}

/**
 * A Responses API JSON answer of one assistant `text`, reporting 1,000 input tokens of which
 * `cachedTokens` were read from the prompt cache: what a summary request's answer looks like.
 */
export function openAITextResponse(text: string, cachedTokens: number): Answer {
  return {
    json: {
      ...responsesObject(1, "completed", [
        {
          type: "message",
          id: "msg_1",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text, annotations: [] }],
        },
      ]),
      usage: {
        input_tokens: 1000,
        input_tokens_details: { cached_tokens: cachedTokens },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 1005,
      },
    },
  };
}

/** The Responses API's JSON answer (no streaming) for the step at `index`. */
export function openAIResponse(index: number): Answer {
  return { json: responsesObject(index, "completed", [responsesItem(index)]) };
}

/** The Responses API's server-sent events for the step at `index`, as the API streams them. */
export function openAIResponseEvents(index: number): Answer {
  const item = responsesItem(index);
  const step = stepAt(index);
  const delta =
    "text" in step
      ? {
          type: "response.output_text.delta",
          item_id: item.id,
          output_index: 0,
          content_index: 0,
          delta: step.text,
          logprobs: [],
        }
      : {
          type: "response.function_call_arguments.delta",
          item_id: item.id,
          output_index: 0,
          delta: item.arguments,
        };
  const pending =
    "text" in step
      ? { ...item, status: "in_progress", content: [] }
      : { ...item, status: "in_progress", arguments: "" };
  const events = [
    { type: "response.created", response: responsesObject(index, "in_progress", []) },
    { type: "response.output_item.added", output_index: 0, item: pending },
    delta,
    { type: "response.output_item.done", output_index: 0, item },
    { type: "response.completed", response: responsesObject(index, "completed", [item]) },
  ];
  return {
    events: events.map((data, sequence) => ({
      event: data.type,
      data: { ...data, sequence_number: sequence },
    })),
  };
}

/** The Chat Completions JSON answer (no streaming) for the step at `index`. */
export function openAIChatCompletion(index: number): Answer {
  const step = stepAt(index);
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
              function: { name: "shell", arguments: JSON.stringify(step.call) },
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

/**
 * The Chat Completions server-sent chunks (`stream: true` with `include_usage`) for the step at
 * `index`: the text or the call's arguments in two deltas, the call's id and name in the first,
 * then the finishing chunk, a chunk with the usage and no choice, and `[DONE]`.
 */
export function openAIChatCompletionChunks(index: number): Answer {
  const step = stepAt(index);
  const whole = "text" in step ? step.text : JSON.stringify(step.call);
  const halves = [whole.slice(0, Math.floor(whole.length / 2)), whole.slice(whole.length / 2)];
  const deltas =
    "text" in step
      ? halves.map((content, part) => ({ ...(part === 0 ? { role: "assistant" } : {}), content }))
      : halves.map((fragment, part) => ({
          tool_calls: [
            {
              index: 0,
              ...(part === 0 ? { id: `call_${index}`, type: "function" } : {}),
              function: { ...(part === 0 ? { name: "shell" } : {}), arguments: fragment },
            },
          ],
        }));
  const chunk = (choices: unknown[], usage: unknown = null) => ({
    id: `chatcmpl_${index}`,
    object: "chat.completion.chunk",
    created: 1764547200,
    model: "gpt-test",
    choices,
    usage,
  });
  const finish = "text" in step ? "stop" : "tool_calls";
  const chunks = [
    ...deltas.map((delta) => chunk([{ index: 0, delta, finish_reason: null }])),
    chunk([{ index: 0, delta: {}, finish_reason: finish }]),
    chunk([], { prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 }),
  ];
  return {
    events: [
      ...chunks.map((data) => ({ event: "chunk", data: data as unknown })),
      { event: "done", data: "[DONE]" },
    ],
  };
}

/** The Anthropic Messages API's server-sent events for the step at `index`. */
export function anthropicMessageEvents(index: number): Answer {
  const step = stepAt(index);
  const block =
    "text" in step
      ? { start: { type: "text", text: "" }, delta: { type: "text_delta", text: step.text } }
      : {
          start: { type: "tool_use", id: `toolu_${index}`, name: "shell", input: {} },
          delta: { type: "input_json_delta", partial_json: JSON.stringify(step.call) },
        };
  const events = [
    {
      type: "message_start",
      message: {
        id: `msg_${index}`,
        type: "message",
        role: "assistant",
        model: "claude-test",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 100, output_tokens: 1 },
      },
    },
    { type: "content_block_start", index: 0, content_block: block.start },
    { type: "ping" },
    { type: "content_block_delta", index: 0, delta: block.delta },
    { type: "content_block_stop", index: 0 },
    {
      type: "message_delta",
      delta: { stop_reason: "text" in step ? "end_turn" : "tool_use", stop_sequence: null },
      usage: { output_tokens: 5 },
    },
    { type: "message_stop" },
  ];
  return { events: events.map((data) => ({ event: data.type, data })) };
}
