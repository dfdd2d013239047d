import type { CustomToolCallItem, FunctionCallItem } from "@ctx/protocol";

/** A tool call of the model's, which the tool runner answers. */
export type ToolCall = FunctionCallItem | CustomToolCallItem;
