import type { JsonValue } from "@ctx/protocol";
import { isJsonObject } from "./json-object.js";

/** What `ctx inspect` measures of an item kept as JSON (a tool call, a tool's output, a reasoning item). */
export interface KeptJson {
  /** The UTF-8 length of the item's JSON, as `JSON.stringify` writes it. */
  readonly bytes: number;
  /** The strings of it the model reads: every string but the empty ones and those of the fields left out. */
  readonly words: readonly string[];
  /** The UTF-8 length of the words. */
  readonly wordBytes: number;
}

/** The bytes JSON writes for each ASCII unit: itself, a two-byte escape, or `\u00XX`. */
const asciiBytes = Uint8Array.from({ length: 0x80 }, (_, unit) => {
  if (unit === 0x22 || unit === 0x5c) return 2;
  if (unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d) return 2;
  return unit < 0x20 ? 6 : 1;
});

/**
 * The JSON bytes of `value` and its words (the strings of every field but those named in
 * `notWords`), in one walk and without writing the JSON: writing each item's JSON only to measure
 * it, then counting its words' bytes apart, cost `ctx inspect` a tenth of its time on long tool
 * outputs.
 */
export function measureKeptJson(value: JsonValue, notWords: ReadonlySet<string>): KeptJson {
  const walk = new JsonWalk(notWords);
  const bytes = walk.value(value, "");
  return { bytes, words: walk.words, wordBytes: walk.wordBytes };
}

class JsonWalk {
  readonly words: string[] = [];
  wordBytes = 0;
  /** What the last string's JSON adds to its UTF-8: its escapes' extra bytes. */
  private escapes = 0;

  constructor(private readonly notWords: ReadonlySet<string>) {}

  /** The JSON bytes of `value`, the value of the field `key` (empty in a list). */
  value(value: JsonValue, key: string): number {
    if (typeof value === "string") {
      const length = this.string(value);
      if (value !== "" && !this.notWords.has(key)) {
        this.words.push(value);
        this.wordBytes += length - 2 - this.escapes;
      }
      return length;
    }
    if (typeof value !== "object" || value === null) return String(JSON.stringify(value)).length;
    if (!isJsonObject(value)) {
      let length = value.length === 0 ? 2 : value.length + 1;
      for (const element of value) length += this.value(element, "");
      return length;
    }
    let length = 1;
    let fields = 0;
    for (const name in value) {
      const field: JsonValue | undefined = value[name];
      // JSON leaves out a field whose value is undefined; a value read from JSON has none.
      if (field === undefined) continue;
      fields += 1;
      length += this.string(name) + 2 + this.value(field, name);
    }
    return fields === 0 ? 2 : length;
  }

  /**
   * The UTF-8 length of a string's JSON, its quotes included, in one pass over its units (quicker
   * than a regular expression's, measured): a surrogate that pairs is four bytes, one alone is
   * written `\uXXXX`. Leaves in `escapes` what the escapes add to the string's own UTF-8.
   */
  private string(text: string): number {
    let length = 2;
    let escapes = 0;
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      if (unit < 0x80) {
        const bytes = asciiBytes[unit] as number;
        length += bytes;
        if (bytes !== 1) escapes += bytes - 1;
      } else if (unit < 0x800) length += 2;
      else if (unit < 0xd800 || unit > 0xdfff) length += 3;
      else if (unit <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
        length += 4;
        index += 1;
      } else {
        // UTF-8 writes a lone surrogate as the replacement character: three bytes.
        length += 6;
        escapes += 3;
      }
    }
    this.escapes = escapes;
    return length;
  }
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
