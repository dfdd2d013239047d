import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeXml, escapeXmlText, unescapeXml } from "./xml-escape.js";

describe("escapeXml", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    expect(escapeXmlText(`a&b<c>d"e'f`)).toBe(`a&amp;b&lt;c&gt;d"e'f`);
  });

  it("is undone by unescapeXml", () => {
    fc.assert(
      fc.property(
        fc.string(),
        (text) =>
          unescapeXml(escapeXml(text)) === text && unescapeXml(escapeXmlText(text)) === text,
      ),
    );
  });
});
