import type { JsonValue } from "@ctx/protocol";

/** A JSON object as read from a rollout line. */
export type JsonObject = { readonly [key: string]: JsonValue };

/** Whether `value` is a JSON object (not an array, not null). */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
