import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonByteLength } from "./json-byte-length.js";

const utf8 = new TextEncoder();
const written = (value: unknown) => utf8.encode(JSON.stringify(value)).length;

describe("jsonByteLength", () => {
  it("measures what JSON.stringify writes, escapes and characters beyond ASCII included", () => {
    const value = {
      text: 'a "quote", a \\ and a\nline\tand \u0001 \u001f',
      wide: "é € 😀",
      lone: "\ud800 and \udc00 alone, \ud83d\ude00 paired",
      list: [1, -2.5, 1e21, true, false, null, [], {}],
    };
    expect(jsonByteLength(value)).toBe(written(value));
    expect(jsonByteLength("")).toBe(2);
    expect(jsonByteLength([])).toBe(2);
    expect(jsonByteLength({})).toBe(2);
  });

  it("agrees with JSON.stringify on any JSON value, any string of UTF-16 units included", () => {
    // Strings of any units, lone surrogates too, as well as the usual JSON values.
    const text = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
    });
    const value = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value")),
        fc.dictionary(text, tie("value")),
      ),
    })).value;
    fc.assert(
      fc.property(value, (generated) => {
        expect(jsonByteLength(generated as never)).toBe(written(generated));
      }),
    );
  });
});
