import type { ResponseItem } from "@ctx/protocol";

/**
 * Where a history item came from. The session records it beside each item and never sends it,
 * so what the user typed stays the user's even when it looks like injected context.
 */
export type Origin =
  | { readonly source: "user" }
  /** Injected context: the fragment kind behind each text, in order (empty when unknown). */
  | { readonly source: "context"; readonly kinds: readonly string[] }
  | { readonly source: "model" }
  | { readonly source: "tool" };

/** One history item and its origin. */
export interface HistoryEntry {
  readonly item: ResponseItem;
  readonly origin: Origin;
}

/** The origin of an item recorded without one: a tool's output, else the model's. */
export function defaultOrigin(item: ResponseItem): Origin {
  return item.type === "function_call_output" || item.type === "custom_tool_call_output"
    ? { source: "tool" }
    : { source: "model" };
}
