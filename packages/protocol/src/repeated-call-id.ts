import { argumentError } from "./argument-error.js";
import type { ResponseItem } from "./response-item.js";

/**
 * The first `call_id` that two tool calls of `items` share, or `undefined` when each call has its
 * own. An answer with such a pair would run a tool twice under one id, and every later request
 * would repeat the id, which some providers refuse.
 * @throws {ProtocolError} when `items` is not an array (`invalid-argument`).
 */
export function repeatedCallId(items: readonly ResponseItem[]): string | undefined {
  if (!Array.isArray(items) || !items.every((item) => typeof item === "object" && item !== null)) {
    throw argumentError("items", "expected an array of response items");
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (item.type !== "function_call" && item.type !== "custom_tool_call") continue;
    if (seen.has(item.call_id)) return item.call_id;
    seen.add(item.call_id);
  }
  return undefined;
}
