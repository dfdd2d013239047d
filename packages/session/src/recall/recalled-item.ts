import type { ResponseItem, ToolOutput } from "@ctx/protocol";
import type { Origin } from "../history/origin.js";

/** One item read back by recall, as the model is shown it. */
export interface RecalledItem {
  /** The turn it was recorded in, from 1 (0 for what a session was given before its first turn). */
  readonly turn: number;
  /** Who wrote it: the user, injected context, the model, or a tool. */
  readonly from: Origin["source"];
  /** The item's type (`message`, `function_call`, …). */
  readonly type: ResponseItem["type"];
  /** The tool's name, for a call and for the output that answers it. */
  readonly tool?: string;
  /** The item's text: a message's texts, a call's arguments, an output, a reasoning summary. */
  readonly text: string;
}

/** The text of an item as recall searches and returns it; images and encrypted parts are left out. */
export function recalledText(item: ResponseItem): string {
  switch (item.type) {
    case "message":
      return item.content
        .flatMap((part) => (part.type === "input_image" ? [] : [part.text]))
        .join("\n");
    case "function_call":
      return item.arguments;
    case "custom_tool_call":
      return item.input;
    case "function_call_output":
    case "custom_tool_call_output":
      return outputText(item.output);
    case "reasoning":
      return item.summary.map((part) => part.text).join("\n");
    case "compaction":
      return "";
  }
}

function outputText(output: ToolOutput): string {
  return typeof output === "string"
    ? output
    : output.flatMap((part) => (part.type === "input_text" ? [part.text] : [])).join("\n");
}
