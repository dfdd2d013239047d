import type { JsonValue } from "@ctx/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { measureKeptJson } from "./kept-json.js";

const utf8 = new TextEncoder();
const bytesOf = (text: string) => utf8.encode(text).length;
const notWords = new Set(["type", "id"]);

/** What the walk should find, the slow way: the JSON written, and the strings collected. */
function expected(value: JsonValue) {
  const words: string[] = [];
  const collect = (each: JsonValue, key: string) => {
    if (typeof each === "string") {
      if (each !== "" && !notWords.has(key)) words.push(each);
    } else if (Array.isArray(each)) {
      for (const element of each) collect(element, "");
    } else if (typeof each === "object" && each !== null) {
      for (const [name, field] of Object.entries(each)) collect(field, name);
    }
  };
  collect(value, "");
  return {
    bytes: bytesOf(JSON.stringify(value)),
    words,
    wordBytes: words.reduce((sum, word) => sum + bytesOf(word), 0),
  };
}

describe("measureKeptJson", () => {
  it("measures the JSON written, escapes and characters beyond ASCII included, and its words", () => {
    const value = {
      type: "function_call",
      id: "fc_1",
      text: 'a "quote", a \\ and a\nline\tand \u0001 \u001f',
      wide: "é € 😀",
      lone: "\ud800 and \udc00 alone, \ud83d\ude00 paired",
      list: [1, -2.5, 1e21, true, false, null, [], {}, ""],
    };
    expect(measureKeptJson(value, notWords)).toEqual(expected(value));
    expect(measureKeptJson(value, notWords).words).toEqual([value.text, value.wide, value.lone]);
    expect(measureKeptJson("", notWords)).toEqual({ bytes: 2, words: [], wordBytes: 0 });
    expect(measureKeptJson({}, notWords)).toEqual({ bytes: 2, words: [], wordBytes: 0 });
  });

  it("agrees with JSON.stringify and a collection of the strings on any JSON value", () => {
    // Strings of any UTF-16 units, lone surrogates and controls included; keys that are and are
    // not words.
    const text = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
    });
    const key = fc.oneof(text, fc.constantFrom("type", "id", "text"));
    const value: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value")),
        fc.dictionary(key, tie("value")),
      ),
    })).value;
    fc.assert(
      fc.property(value, (generated) => {
        expect(measureKeptJson(generated, notWords)).toEqual(expected(generated));
      }),
    );
  });
});
