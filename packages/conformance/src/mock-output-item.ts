import type { ResponseItem } from "@ctx/protocol";

/** What the mock answers to one request: an assistant message or a tool call, and the usage it reports. */
export interface MockAnswer {
  readonly text?: string;
  readonly toolCall?: { readonly name: string; readonly arguments: string };
  readonly totalTokens: number;
}

/**
 * The output item the mock streams for `answer` to its request number `index` (from 0): an
 * assistant message, or a function call; @ctx records the same item as the model's output.
 */
export function mockOutputItem(answer: MockAnswer, index: number): ResponseItem {
  return answer.toolCall === undefined
    ? {
        type: "message",
        role: "assistant",
        id: `msg_${index + 1}`,
        content: [{ type: "output_text", text: answer.text ?? "Done.", annotations: [] }],
      }
    : {
        type: "function_call",
        id: `fc_${index + 1}`,
        call_id: `call_${index + 1}`,
        name: answer.toolCall.name,
        arguments: answer.toolCall.arguments,
      };
}
