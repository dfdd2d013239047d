import { describeValue } from "./describe-value.js";
import { TextError } from "./text-error.js";
import { wrongArgumentText } from "./wrong-argument-text.js";

/**
 * The one wording of a wrong argument across @ctx, which every package's `invalid-argument`
 * error is made with: `invalid <argument>: <problem>`, `argument` naming the parameter (or the
 * path inside it, `options.limit`) and `problem` saying what is wrong there.
 *
 * @throws {TextError} `invalid-argument` when `argument` or `problem` is not a string.
 * @example
 * ```ts
 * describeWrongArgument("options.limit", "expected a whole number, got -1"); // => "invalid options.limit: expected a whole number, got -1"
 * ```
 */
export function describeWrongArgument(argument: string, problem: string): string {
  for (const [name, value] of [
    ["argument", argument],
    ["problem", problem],
  ] as const) {
    if (typeof value !== "string") {
      throw TextError.forArgument(name, `expected a string, got ${describeValue(value)}`);
    }
  }
  return wrongArgumentText(argument, problem);
}
