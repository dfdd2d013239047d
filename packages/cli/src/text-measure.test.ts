import { approximateTokenizer } from "@ctx/session";
import { describe, expect, it } from "vitest";
import { TextMeasure } from "./text-measure.js";

describe("TextMeasure", () => {
  it("counts an item's words rather than its JSON, its bytes still the JSON's", () => {
    const measure = new TextMeasure(approximateTokenizer, 1_000);
    const json = { type: "function_call", call_id: "call_1", arguments: "12345678" };
    const kept = { bytes: JSON.stringify(json).length, words: ["12345678"], wordBytes: 8 };
    expect(measure.measure({ kept })).toEqual({
      bytes: kept.bytes,
      tokens: 2,
      estimated: false,
    });
    expect(measure.measure({ text: "opaque bytes", opaque: true })).toEqual({
      bytes: 12,
      tokens: 0,
      estimated: false,
    });
  });

  it("estimates past the tokenizer's budget, and says how much it estimated", () => {
    const counting = { name: "words", count: (text: string) => text.split(" ").length };
    const measure = new TextMeasure(counting, 8);
    expect(measure.measure({ text: "one two" })).toEqual({ bytes: 7, tokens: 2, estimated: false });
    expect(measure.measure({ text: "three four" })).toEqual({
      bytes: 10,
      tokens: 3,
      estimated: true,
    });
    expect(measure.estimated).toEqual({ items: 1, bytes: 10 });
  });
});
