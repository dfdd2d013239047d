import type { JsonValue } from "@ctx/protocol";

type JsonObject = { readonly [key: string]: JsonValue };

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The RFC 7386 JSON merge patch that turns `before` into `after`: changed members as their new
 * value, removed members as `null`, nested objects as patches of their own, arrays whole.
 * `undefined` when nothing changed. The format cannot set a member to `null`, so snapshots never
 * hold `null` in an object.
 *
 * @example
 * ```ts
 * createMergePatch({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 4 } });
 * // => { b: { c: 4, d: null } }
 * ```
 */
export function createMergePatch(before: JsonValue, after: JsonValue): JsonValue | undefined {
  if (!isObject(before) || !isObject(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? undefined : after;
  }
  const patch: Record<string, JsonValue> = {};
  for (const key of Object.keys(before)) {
    if (!(key in after)) patch[key] = null;
  }
  for (const [key, value] of Object.entries(after)) {
    const previous = before[key];
    if (previous === undefined) {
      patch[key] = value;
      continue;
    }
    const nested =
      isObject(previous) && isObject(value) ? createMergePatch(previous, value) : undefined;
    if (nested !== undefined) patch[key] = nested;
    else if (
      !(isObject(previous) && isObject(value)) &&
      JSON.stringify(previous) !== JSON.stringify(value)
    )
      patch[key] = value;
  }
  return Object.keys(patch).length === 0 ? undefined : patch;
}

/**
 * Applies an RFC 7386 JSON merge patch to `target`, returning a new value: a non-object patch
 * replaces the target; an object patch sets each member, removing those it sets to `null` and
 * patching nested objects.
 *
 * @example
 * ```ts
 * applyMergePatch({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 4, d: null } }); // => { a: 1, b: { c: 4 } }
 * ```
 */
export function applyMergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return patch;
  const result: Record<string, JsonValue> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}
