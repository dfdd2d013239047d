import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesMarkedText } from "./match-marked-text.js";

const padding = fc.string({
  unit: fc.constantFrom(" ", "\n", "\t", "\r", "\u00a0", "\u0085", "\u3000"),
});
const asciiMarker = fc.string({
  unit: fc.constantFrom(..."<>/_abcXYZ# .-"),
  minLength: 1,
  maxLength: 12,
});
/** Markers as defineFragment accepts them: a start that does not begin, and an end that does not finish, with white space. */
const startMarker = asciiMarker.filter((marker) => !marker.startsWith(" "));
const endMarker = asciiMarker.filter((marker) => !marker.endsWith(" "));

function randomCase(text: string, flips: boolean[]): string {
  return [...text]
    .map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase()))
    .join("");
}

describe("matchesMarkedText", () => {
  it("accepts text that starts and ends with the markers", () => {
    expect(matchesMarkedText("<env>\n  <cwd>/repo</cwd>\n</env>", "<env>", "</env>")).toBe(true);
  });

  it("matches the reference's mixed-case subagent notification", () => {
    expect(
      matchesMarkedText(
        "<SUBAGENT_NOTIFICATION>{}</subagent_notification>",
        "<subagent_notification>",
        "</subagent_notification>",
      ),
    ).toBe(true);
  });

  it("needs both markers", () => {
    expect(matchesMarkedText("<env>/repo", "<env>", "</env>")).toBe(false);
    expect(matchesMarkedText("/repo</env>", "<env>", "</env>")).toBe(false);
    expect(matchesMarkedText("", "<env>", "</env>")).toBe(false);
  });

  it("never matches with an empty marker", () => {
    expect(matchesMarkedText("<env></env>", "", "</env>")).toBe(false);
    expect(matchesMarkedText("<env></env>", "<env>", "")).toBe(false);
    expect(matchesMarkedText("", "", "")).toBe(false);
  });

  it("folds only ASCII letters", () => {
    expect(matchesMarkedText("<İnfo></info>", "<info>", "</info>")).toBe(false);
    expect(matchesMarkedText("<ſkill></skill>", "<skill>", "</skill>")).toBe(false);
    expect(matchesMarkedText("<\u212aey></key>", "<key>", "</key>")).toBe(false);
    expect(matchesMarkedText("<INFO></INFO>", "<info>", "</info>")).toBe(true);
  });

  it("does not trim the byte order mark", () => {
    expect(matchesMarkedText("\ufeff<env></env>", "<env>", "</env>")).toBe(false);
  });

  it("lets the markers overlap on a very short text, as the reference does", () => {
    expect(matchesMarkedText("<a>", "<a", "a>")).toBe(true);
    expect(matchesMarkedText("<a", "<a", "a>")).toBe(false);
  });

  it("is unchanged by white space around the text and by ASCII case", () => {
    fc.assert(
      fc.property(
        asciiMarker,
        asciiMarker,
        fc.string(),
        padding,
        padding,
        fc.array(fc.boolean(), { minLength: 1 }),
        (start, end, body, before, after, flips) => {
          const text = `${start}${body}${end}`;
          const variant = `${before}${randomCase(text, flips)}${after}`;
          expect(matchesMarkedText(variant, start, end)).toBe(matchesMarkedText(text, start, end));
        },
      ),
    );
  });

  it("accepts every body between the markers", () => {
    fc.assert(
      fc.property(startMarker, endMarker, fc.string(), (start, end, body) =>
        matchesMarkedText(`${start}${body}${end}`, start, end),
      ),
    );
  });
});
