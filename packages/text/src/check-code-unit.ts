import { check } from "./check-argument.js";

/** Throws a `TextError` unless `value` is a UTF-16 code unit: a whole number from 0 to 0xFFFF. */
export function checkCodeUnit(argument: string, value: unknown): asserts value is number {
  check.condition(
    argument,
    value,
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 0xffff,
    "a UTF-16 code unit (0 to 0xFFFF)",
  );
}
