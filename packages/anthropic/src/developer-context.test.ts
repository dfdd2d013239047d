import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { developerContext } from "./developer-context.js";

describe("developerContext", () => {
  it("recognises and reads back what it renders, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const rendered = developerContext.create({ text }).render();
        expect(developerContext.matches(rendered)).toBe(true);
        expect(developerContext.parse(rendered)).toEqual({ text });
      }),
      { numRuns: 200 },
    );
  });
});
