import { approximateTokenizer, type Tokenizer } from "@ctx/session";
import { utf8ByteLength } from "@ctx/text";
import type { Measure } from "./history-totals.js";

/**
 * Measures texts: their UTF-8 bytes, and their tokens with `tokenizer` until `limit` bytes of
 * text are spent, then estimated at bytes / 4 (counted in {@link TextMeasure.estimated}).
 */
export class TextMeasure {
  /** The texts counted at bytes / 4 because the tokenizer's budget was spent. */
  readonly estimated = { items: 0, bytes: 0 };
  private tokenized = 0;

  constructor(
    readonly tokenizer: Tokenizer,
    private readonly limit: number,
  ) {}

  /**
   * The size of `text`: opaque bytes have no tokens; `framing`, the part of `text` that is JSON's
   * keys and punctuation rather than the item's own words, is counted beside it (never estimated).
   */
  measure(text: string, opaque?: boolean, framing?: string): Measure & { estimated: boolean } {
    const bytes = utf8ByteLength(text);
    if (opaque === true) return { bytes, tokens: 0, estimated: false };
    const frame = framing === undefined ? {} : { framing: this.tokenizer.count(framing) };
    if (this.tokenized + bytes <= this.limit) {
      this.tokenized += bytes;
      return { bytes, tokens: this.tokenizer.count(text), ...frame, estimated: false };
    }
    this.estimated.items += 1;
    this.estimated.bytes += bytes;
    return { bytes, tokens: approximateTokenizer.count(text), ...frame, estimated: true };
  }
}
