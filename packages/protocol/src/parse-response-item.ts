import { ProtocolError } from "./protocol-error.js";
import { type ResponseItem, responseItemSchema } from "./response-item.js";
import { toSchemaIssues } from "./schema-issue.js";

/** The result of {@link safeParseResponseItem}: the item, or the error that says what is wrong. */
export type ResponseItemParseResult =
  | { readonly success: true; readonly item: ResponseItem }
  | { readonly success: false; readonly error: ProtocolError };

/**
 * Checks that `value` (typically parsed JSON) is a response item, without throwing.
 * The item returned is `value` itself, typed: unknown fields and key order are kept.
 */
export function safeParseResponseItem(value: unknown): ResponseItemParseResult {
  // The schema only checks (no defaults, no transforms), so a valid value is already the item;
  // returning it rather than zod's rebuilt copy keeps its key order for byte-stable round trips.
  const result = responseItemSchema.safeParse(value);
  if (result.success) return { success: true, item: value as ResponseItem };
  return {
    success: false,
    error: ProtocolError.fromIssues("invalid-item", "response item", toSchemaIssues(result.error)),
  };
}

/**
 * Checks that `value` (typically parsed JSON) is a response item and returns it typed.
 * Unknown fields are kept, so a valid item survives a JSON round trip unchanged.
 *
 * @throws {ProtocolError} when `value` is not a response item; the message names each offending
 * path, such as `content[0].text`.
 * @example
 * ```ts
 * const item = parseResponseItem(JSON.parse(line));
 * if (item.type === "message") messages.push(item);
 * ```
 */
export function parseResponseItem(value: unknown): ResponseItem {
  const result = safeParseResponseItem(value);
  if (!result.success) throw result.error;
  return result.item;
}
