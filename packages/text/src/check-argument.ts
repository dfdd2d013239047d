import { describeValue } from "./describe-value.js";
import { TextError } from "./text-error.js";

/** Throws a {@link TextError} unless `value` is a string. */
export function checkString(argument: string, value: unknown): asserts value is string {
  if (typeof value !== "string")
    throw TextError.forArgument(argument, `expected a string, got ${describeValue(value)}`);
}

/** Throws a {@link TextError} unless `value` is a whole number from 0 up to `Number.MAX_SAFE_INTEGER`. */
export function checkCount(argument: string, value: unknown): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw TextError.forArgument(
      argument,
      `expected a whole number of 0 or more, got ${describeValue(value)}`,
    );
  }
}

/** Throws a {@link TextError} unless `value` is a UTF-16 code unit: a whole number from 0 to 0xFFFF. */
export function checkCodeUnit(argument: string, value: unknown): asserts value is number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 0xffff) {
    throw TextError.forArgument(
      argument,
      `expected a UTF-16 code unit (0 to 0xFFFF), got ${describeValue(value)}`,
    );
  }
}
