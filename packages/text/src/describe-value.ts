/**
 * A short account of a value for an error message about a wrong argument: `null`, `an array`,
 * `a string`, `an empty string`, `42`, `an object`, `undefined`. Never throws, and never prints
 * the contents of a string or an object.
 * @example
 * ```ts
 * describeValue([1]); // => "an array"
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value === "" ? "an empty string" : "a string";
  return typeof value === "object" ? "an object" : String(typeof value);
}
