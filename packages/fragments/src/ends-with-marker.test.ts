import { describe, expect, it } from "vitest";
import { endsWithMarker } from "./ends-with-marker.js";

describe("endsWithMarker", () => {
  it("skips trailing white space and folds ASCII case", () => {
    expect(endsWithMarker("body\n</ENV>\n\u0085", "</env>")).toBe(true);
    expect(endsWithMarker("</env> trailing", "</env>")).toBe(false);
  });

  it("needs the marker to begin at or after the given index", () => {
    expect(endsWithMarker("<a>", "a>", 1)).toBe(true);
    expect(endsWithMarker("<a>", "a>", 2)).toBe(false);
  });

  it("never matches an empty marker", () => {
    expect(endsWithMarker("text", "")).toBe(false);
  });
});
