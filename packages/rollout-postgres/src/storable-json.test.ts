import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { awkwardText } from "./__fixtures__/awkward-text.js";
import { fromStorableJson, toStorableJson } from "./storable-json.js";
import { isStorableText } from "./storable-text.js";

describe("toStorableJson", () => {
  it("keeps what jsonb can hold as jsonb, and the rest as JSON text", () => {
    expect(toStorableJson({ text: "plain \u{1f600}" })).toEqual({
      json: '{"text":"plain \u{1f600}"}',
      text: null,
    });
    // A backslash followed by the letters u0000 is text, not a NUL character.
    expect(toStorableJson("\\u0000").text).toBeNull();
    expect(toStorableJson("\\\\u0000").text).toBeNull();
    expect(toStorableJson("\\\u0000").json).toBeNull();
    expect(toStorableJson(["\u0000"]).json).toBeNull();
    expect(toStorableJson({ "\ud800": 1 }).json).toBeNull();
    expect(toStorableJson("\udfff tail").json).toBeNull();
  });

  it("routes a value to text exactly when one of its strings holds a NUL or a lone surrogate", () => {
    const unstorable = (text: string) => !isStorableText(text);
    fc.assert(
      fc.property(awkwardText, awkwardText, (key, value) => {
        const stored = toStorableJson({ [key]: value });
        expect(stored.json === null).toBe(unstorable(key) || unstorable(value));
        expect(
          fromStorableJson(stored.json === null ? undefined : JSON.parse(stored.json), stored.text),
        ).toEqual({ [key]: value });
      }),
      { numRuns: 300 },
    );
  });
});
