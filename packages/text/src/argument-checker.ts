import { describeValue } from "./describe-value.js";
import { TextError } from "./text-error.js";

/**
 * Makes a package's error for a wrong argument: `argument` names the parameter (`options.role`),
 * `problem` says what is wrong (`expected a string, got 42`).
 */
export type RefuseArgument = (argument: string, problem: string) => Error;

/**
 * The argument checks every @ctx package shares, bound to one package's error. Each takes the
 * parameter's name first and the value second, and throws the package's error with the problem
 * `expected …, got …` (the value as {@link describeValue} words it) unless the value fits.
 */
export interface ArgumentChecker {
  /** Refuses `value` unless it is a string. */
  string(argument: string, value: unknown): asserts value is string;
  /** Refuses `value` unless it is a string of at least one character. */
  nonEmptyString(argument: string, value: unknown): asserts value is string;
  /** Refuses `value` unless it is a whole number from 0 up to `Number.MAX_SAFE_INTEGER`. */
  count(argument: string, value: unknown): asserts value is number;
  /** Refuses `value` unless it is an object: not `null`, not an array. */
  object(argument: string, value: unknown): asserts value is Record<string, unknown>;
  /** Refuses `value` unless it is an array. */
  array(argument: string, value: unknown): asserts value is readonly unknown[];
  /** Refuses `value` unless it is a function. */
  function(argument: string, value: unknown): asserts value is (...args: never[]) => unknown;
  /** Refuses `value` unless it is a function or `undefined`. */
  optionalFunction(
    argument: string,
    value: unknown,
  ): asserts value is ((...args: never[]) => unknown) | undefined;
  /** Refuses `value`, `expected` saying what it should have been, unless `holds` is true. */
  condition(argument: string, value: unknown, holds: boolean, expected: string): asserts holds;
}

/**
 * The shared argument checks, each throwing the error `refuse` makes. A package binds it once to
 * its own error class, so every package refuses a wrong argument with the same words.
 *
 * @throws {TextError} `invalid-argument` when `refuse` is not a function; a check throws one when
 * its `argument` is not a string or `expected` is not a string.
 * @example
 * ```ts
 * const check: ArgumentChecker = createArgumentChecker(
 *   (argument, problem) => new Error(`${argument}: ${problem}`),
 * );
 * check.count("limit", -1); // throws "limit: expected a whole number of 0 or more, got -1"
 * ```
 */
export function createArgumentChecker(refuse: RefuseArgument): ArgumentChecker {
  if (typeof refuse !== "function") {
    throw TextError.forArgument("refuse", `expected a function, got ${describeValue(refuse)}`);
  }
  const condition = (argument: string, value: unknown, holds: boolean, expected: string) => {
    if (typeof argument !== "string") {
      throw TextError.forArgument("argument", `expected a string, got ${describeValue(argument)}`);
    }
    if (typeof expected !== "string") {
      throw TextError.forArgument("expected", `expected a string, got ${describeValue(expected)}`);
    }
    if (holds !== true) throw refuse(argument, `expected ${expected}, got ${describeValue(value)}`);
  };
  return {
    string: (argument, value) => condition(argument, value, typeof value === "string", "a string"),
    nonEmptyString: (argument, value) =>
      condition(argument, value, typeof value === "string" && value !== "", "a non-empty string"),
    count: (argument, value) =>
      condition(
        argument,
        value,
        typeof value === "number" && Number.isSafeInteger(value) && value >= 0,
        "a whole number of 0 or more",
      ),
    object: (argument, value) =>
      condition(
        argument,
        value,
        typeof value === "object" && value !== null && !Array.isArray(value),
        "an object",
      ),
    array: (argument, value) => condition(argument, value, Array.isArray(value), "an array"),
    function: (argument, value) =>
      condition(argument, value, typeof value === "function", "a function"),
    optionalFunction: (argument, value) =>
      condition(argument, value, value === undefined || typeof value === "function", "a function"),
    condition,
  };
}
