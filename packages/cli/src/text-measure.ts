import { approximateTokenizer, type Tokenizer } from "@ctx/session";
import { utf8ByteLength } from "@ctx/text";
import type { PieceText } from "./formats/transcript-entry.js";
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
   * The size of `piece`: its bytes (of its text, or of its item's JSON), and the tokens of its
   * `words` when given (the strings of an item kept as JSON that the model reads: a provider
   * reads the item's fields, not its JSON), else of its text. Opaque bytes have no tokens.
   */
  measure(piece: PieceText): Measure & { estimated: boolean } {
    const { text, kept } = piece;
    const bytes = kept === undefined ? utf8ByteLength(text) : kept.bytes;
    if (piece.opaque === true) return { bytes, tokens: 0, estimated: false };
    const words = kept?.words ?? piece.words;
    const counted = words ?? [text ?? ""];
    const countedBytes =
      kept?.wordBytes ??
      (words === undefined ? bytes : words.reduce((sum, word) => sum + utf8ByteLength(word), 0));
    const count = (tokenizer: Tokenizer) =>
      counted.reduce((sum, word) => sum + tokenizer.count(word), 0);
    if (this.tokenized + countedBytes <= this.limit) {
      this.tokenized += countedBytes;
      return { bytes, tokens: count(this.tokenizer), estimated: false };
    }
    this.estimated.items += 1;
    this.estimated.bytes += countedBytes;
    return { bytes, tokens: count(approximateTokenizer), estimated: true };
  }
}
