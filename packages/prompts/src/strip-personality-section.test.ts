import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stripPersonalitySection } from "./strip-personality-section.js";

// Lines that make up Markdown-ish documents with headings, fences and personality sections.
const line = fc.oneof(
  fc.constantFrom(
    "# Personality",
    "# Personality  ",
    "# Rules",
    "## Personality",
    "#Personality",
    "# Personality traits",
    "```",
    "~~~",
    "",
    "- a point",
  ),
  fc.string({ maxLength: 12 }).filter((text) => !text.includes("\n")),
);
const document = fc.array(line, { maxLength: 20 }).map((lines) => lines.join("\n"));

function outsideFences(text: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const current of text.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(current)?.[1];
    if (fence === undefined) {
      lines.push(current);
      fence = marker;
    } else if (
      marker !== undefined &&
      marker[0] === fence[0] &&
      /^ {0,3}(`{3,}|~{3,})\s*$/.test(current)
    ) {
      fence = undefined;
    }
  }
  return lines;
}

describe("stripPersonalitySection", () => {
  it("removes the section up to the next level-one heading", () => {
    expect(
      stripPersonalitySection("Intro\n\n# Personality\n\nBe kind.\n\n# Rules\nBe brief.\n"),
    ).toBe("Intro\n\n# Rules\nBe brief.\n");
  });

  it("removes a section that runs to the end, and keeps deeper headings inside it out too", () => {
    expect(stripPersonalitySection("Intro\n# Personality\nKind.\n## Tone\nSoft.")).toBe("Intro");
  });

  it("leaves other headings that merely mention a personality", () => {
    const text = "## Personality\nkept\n# Personality traits\nkept\n#Personality\nkept";
    expect(stripPersonalitySection(text)).toBe(text);
  });

  it("does not take a line inside a code fence for a heading", () => {
    const text =
      "# Personality\nKind.\n```sh\n# not a heading\n```\nStill personality.\n# Next\nkept";
    expect(stripPersonalitySection(text)).toBe("# Next\nkept");
    const fenced = "```md\n# Personality\n```\nkept";
    expect(stripPersonalitySection(fenced)).toBe(fenced);
  });

  it("handles Windows line endings", () => {
    expect(stripPersonalitySection("A\r\n# Personality\r\nKind.\r\n# B\r\nC")).toBe(
      "A\r\n# B\r\nC",
    );
  });

  it("returns text without a personality heading unchanged", () => {
    fc.assert(
      fc.property(document, (text) => {
        fc.pre(!text.split("\n").some((current) => current.trimEnd() === "# Personality"));
        expect(stripPersonalitySection(text)).toBe(text);
      }),
    );
  });

  it("leaves no personality heading outside code fences, and is idempotent", () => {
    fc.assert(
      fc.property(document, (text) => {
        const stripped = stripPersonalitySection(text);
        expect(
          outsideFences(stripped).some((current) => current.trimEnd() === "# Personality"),
        ).toBe(false);
        expect(stripPersonalitySection(stripped)).toBe(stripped);
      }),
    );
  });

  it("keeps every other level-one section whole and in order", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            heading: fc.constantFrom("# Personality", "# Rules", "# Tools", "# Notes"),
            body: fc.array(fc.constantFrom("text", "- item", "## Sub", ""), { maxLength: 3 }),
          }),
          { maxLength: 6 },
        ),
        (sections) => {
          const render = (list: typeof sections) =>
            list.map((section) => [section.heading, ...section.body].join("\n")).join("\n");
          const kept = sections.filter((section) => section.heading !== "# Personality");
          expect(stripPersonalitySection(render(sections))).toBe(render(kept));
        },
      ),
    );
  });
});
