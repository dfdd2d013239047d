import { describe, expect, it } from "vitest";
import { findImportReferences } from "./find-import-references.js";

function references(text: string): string[] {
  return findImportReferences(text).map((reference) => reference.reference);
}

describe("findImportReferences", () => {
  it("finds @path at the start of the text and after white space", () => {
    expect(references("@docs/style.md\nsee @./testing.md and\t@../shared/rules.md")).toEqual([
      "docs/style.md",
      "./testing.md",
      "../shared/rules.md",
    ]);
  });

  it("leaves out sentence punctuation after the path", () => {
    expect(references("Read @docs/a.md. Then (@b.md), and @c.md;")).toEqual([
      "docs/a.md",
      "b.md",
      "c.md",
    ]);
  });

  it("ignores mentions, e-mail addresses and escaped at-signs", () => {
    expect(references("ask @alice or mail ops@example.com; \\@not/this.md")).toEqual([]);
  });

  it("ignores references inside code spans and fenced code blocks", () => {
    const text = "`@inline.md`\n```\n@fenced.md\n```\n@real.md";
    expect(references(text)).toEqual(["real.md"]);
  });

  it("reports where each reference starts and ends", () => {
    const text = "x @a/b.md.";
    const [reference] = findImportReferences(text);
    expect(reference).toEqual({ start: 2, end: 9, reference: "a/b.md" });
    expect(text.slice(reference?.start, reference?.end)).toBe("@a/b.md");
  });
});
