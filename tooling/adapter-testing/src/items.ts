import type { ResponseItem } from "@ctx/protocol";

/** A developer message of one text part. */
export function developerMessage(text: string): ResponseItem {
  return { type: "message", role: "developer", content: [{ type: "input_text", text }] };
}

/** A user message of one text part. */
export function userMessage(text: string): ResponseItem {
  return { type: "message", role: "user", content: [{ type: "input_text", text }] };
}

/** An assistant message of one text part, as a session records the model's text. */
export function assistantMessage(text: string): ResponseItem {
  return { type: "message", role: "assistant", content: [{ type: "output_text", text }] };
}

/** A function call whose arguments are `input` as JSON, as a session records a tool call. */
export function functionCall(callId: string, name: string, input: unknown): ResponseItem {
  return { type: "function_call", call_id: callId, name, arguments: JSON.stringify(input) };
}

/**
 * A history with an item of every kind an adapter maps: the opening developer context, a user
 * message with images (a data URL with a detail, a URL, a file id), reasoning, an assistant
 * message, a function call and a custom tool call, their outputs (text, and text with images),
 * a later developer message and the next user message. Each adapter test states what it becomes.
 */
export const sampleItems: readonly ResponseItem[] = [
  developerMessage("<permissions instructions>\nA\n</permissions instructions>"),
  {
    type: "message",
    role: "user",
    content: [
      { type: "input_text", text: "What is this?" },
      { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "low" },
      { type: "input_image", image_url: "https://example.com/a.jpg" },
    ],
  },
  {
    type: "reasoning",
    id: "rs_1",
    summary: [{ type: "summary_text", text: "Look first." }],
    content: null,
    encrypted_content: "gAAA",
  },
  assistantMessage("Looking."),
  functionCall("c1", "shell", { command: ["ls"] }),
  { type: "custom_tool_call", call_id: "c2", name: "apply_patch", input: "*** Begin Patch" },
  { type: "function_call_output", call_id: "c1", output: "a\nb" },
  {
    type: "custom_tool_call_output",
    call_id: "c2",
    output: [
      { type: "input_text", text: "Done" },
      { type: "input_image", image_url: "data:image/webp;base64,BBBB" },
    ],
  },
  developerMessage("<permissions instructions>\nB\n</permissions instructions>"),
  userMessage("Go on."),
];
