import { FragmentError } from "./fragment-error.js";

/** Throws a {@link FragmentError} naming `argument` unless `value` is a string. */
export function checkString(argument: string, value: unknown, type = ""): asserts value is string {
  if (typeof value !== "string") throw FragmentError.forArgument(argument, "a string", value, type);
}

/** Throws a {@link FragmentError} naming `argument` unless `value` is a plain object. */
export function checkObject(
  argument: string,
  value: unknown,
  type = "",
): asserts value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw FragmentError.forArgument(argument, "an object", value, type);
  }
}

/** Throws a {@link FragmentError} naming `argument` unless `value` is a function or absent. */
export function checkOptionalFunction(argument: string, value: unknown, type: string): void {
  if (value !== undefined && typeof value !== "function") {
    throw FragmentError.forArgument(argument, "a function", value, type);
  }
}

/** Throws a {@link FragmentError} naming `argument` unless `value` is a whole number of 0 or more. */
export function checkCount(argument: string, value: unknown): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw FragmentError.forArgument(argument, "a whole number of 0 or more", value);
  }
}
