import { describe, expect, it } from "vitest";
import { markedBody } from "./marked-body.js";

describe("markedBody", () => {
  it("returns what lies between the markers, keeping the body's own white space", () => {
    expect(markedBody("\n<note>\nhi\n</note>\n", "<note>", "</note>")).toBe("\nhi\n");
    expect(markedBody("<NOTE></note>", "<note>", "</note>")).toBe("");
  });

  it("answers undefined for text without both markers, or markers that overlap", () => {
    expect(markedBody("<note>hi", "<note>", "</note>")).toBeUndefined();
    expect(markedBody("<a>", "<a", "a>")).toBeUndefined();
  });
});
