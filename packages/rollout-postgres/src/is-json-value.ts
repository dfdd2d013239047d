import type { JsonValue } from "@ctx/protocol";

/**
 * Whether `value` is plain JSON data: `null`, a boolean, a finite number, a string, an array of
 * JSON values without holes, or an object of JSON values whose prototype is `Object.prototype`
 * or `null`. It allocates nothing and walks the value once, where the shared rollout schema's
 * union builds a copy and an issue for every alternative it rules out; so it answers only
 * "yes, the schema accepts this" (never the reverse), and a value it refuses is left to the
 * schema, which names the problem. A value nested deeper than the stack holds throws a
 * `RangeError`, as the schema does.
 */
export function isJsonValue(value: unknown): value is JsonValue {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index += 1)
          if (!isJsonValue(value[index])) return false;
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      // Own and inherited enumerable keys: an inherited one only makes the check stricter.
      for (const key in value)
        if (!isJsonValue((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}
