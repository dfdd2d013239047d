import type { ResponseItem } from "@ctx/protocol";

/** An assistant message saying `text`. */
export const assistant = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

/** A `shell` call running `ls`, with the call id `id`. */
export const call = (id: string): ResponseItem => ({
  type: "function_call",
  call_id: id,
  name: "shell",
  arguments: '{"command":["ls"]}',
});

/** A call of the tool `name` with the arguments `args` (as JSON), with the call id `id`. */
export const toolCall = (id: string, name: string, args: unknown): ResponseItem => ({
  type: "function_call",
  call_id: id,
  name,
  arguments: JSON.stringify(args),
});

/** The output `text` of the call `id`. */
export const output = (id: string, text: string): ResponseItem => ({
  type: "function_call_output",
  call_id: id,
  output: text,
});
