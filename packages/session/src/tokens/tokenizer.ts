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
