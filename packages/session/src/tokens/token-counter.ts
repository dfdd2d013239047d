import type { ResponseItem } from "@ctx/protocol";
import { SessionError } from "../session-error.js";
import { itemPartTokens } from "./count-item-tokens.js";
import type { Tokenizer } from "./tokenizer.js";

/** What one item costs: in all, and per content part of a message. */
export interface CountedItem {
  readonly tokens: number;
  readonly parts: readonly number[];
}

/**
 * Counts items with one tokenizer, each item once: history items never change, so the count is
 * kept beside the item object (weakly, so a dropped item takes its count with it) and a turn
 * counts only the items it added.
 */
export class TokenCounter {
  readonly tokenizer: Tokenizer;
  readonly #items = new WeakMap<ResponseItem, CountedItem>();
  #text: { readonly text: string; readonly tokens: number } | undefined;

  constructor(tokenizer: Tokenizer) {
    this.tokenizer = tokenizer;
  }

  /** What `item` costs, counted on the first call for this object only. */
  item(item: ResponseItem): CountedItem {
    let counted = this.#items.get(item);
    if (counted === undefined) {
      const parts = itemPartTokens(item, this.#checked);
      counted = { tokens: parts.reduce((total, part) => total + part, 0), parts };
      this.#items.set(item, counted);
    }
    return counted;
  }

  /** What `text` costs; the last text's count is kept (the base instructions rarely change). */
  text(text: string): number {
    if (this.#text?.text !== text) this.#text = { text, tokens: this.#checked.count(text) };
    return this.#text.tokens;
  }

  /** The tokenizer, with each count checked to be a whole number of tokens. */
  readonly #checked: Tokenizer = {
    name: "checked",
    count: (text) => {
      const tokens = this.tokenizer.count(text);
      if (!Number.isSafeInteger(tokens) || tokens < 0) {
        throw new SessionError(
          "invalid-token-count",
          `the tokenizer "${this.tokenizer.name}" counted ${String(tokens)} tokens; expected a whole number ≥ 0`,
        );
      }
      return tokens;
    },
  };
}
