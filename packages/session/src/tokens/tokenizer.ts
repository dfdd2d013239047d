import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/**
 * Counts the tokens a model would see in a text. A session counts each history item once, so
 * `count` should be pure: the same text always gives the same number.
 */
export interface Tokenizer {
  /** A short name for reports, such as `o200k_base` or `bytes/4`. */
  readonly name: string;
  /** How many tokens `text` is. */
  count(text: string): number;
}

/** A tokenizer: a `name` and a `count` method, passed through as it is. */
export const tokenizerSchema = lazySchema(() =>
  z.custom<Tokenizer>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      typeof Reflect.get(value, "count") === "function" &&
      typeof Reflect.get(value, "name") === "string",
    "expected a tokenizer: a name and a count(text) method",
  ),
);
