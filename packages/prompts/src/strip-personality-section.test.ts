import { codeRegions } from "@ctx/text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundledTexts } from "./data/bundled-texts.js";
import { PromptsError } from "./prompts-error.js";
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

// The lines of `text` that do not start inside a code region.
function outsideCode(text: string): string[] {
  const code = codeRegions(text);
  const lines: string[] = [];
  let start = 0;
  for (const current of text.split("\n")) {
    if (!code.some(([from, to]) => from <= start && start < to)) lines.push(current);
    start += current.length + 1;
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

  it("takes a backtick run with a backtick in its info string for inline code, not a fence", () => {
    const notAFence = "```a`b```\n# Personality\nKind.\n# Next\nkept";
    expect(stripPersonalitySection(notAFence)).toBe("```a`b```\n# Next\nkept");
  });

  it("removes exactly the personality section of each bundled instructions file", () => {
    const { codingAgent, compactCodingAgent } = bundledTexts.instructions;
    for (const text of [codingAgent, compactCodingAgent]) {
      const sections = text.split(/\n(?=# )/);
      expect(sections.filter((section) => section.startsWith("# Personality\n"))).toHaveLength(1);
      const expected = sections.filter((section) => !section.startsWith("# Personality\n"));
      expect(stripPersonalitySection(text)).toBe(expected.join("\n"));
    }
  });

  it("refuses a text that is not a string, naming the argument", () => {
    for (const wrong of [null, undefined, 42, ["# Personality"]]) {
      expect(() => stripPersonalitySection(wrong as unknown as string)).toThrow(PromptsError);
      expect(() => stripPersonalitySection(wrong as unknown as string)).toThrow(/^invalid text: /);
    }
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
        expect(outsideCode(stripped).some((current) => current.trimEnd() === "# Personality")).toBe(
          false,
        );
        expect(stripPersonalitySection(stripped)).toBe(stripped);
      }),
    );
  });

  it("reads a text without fences as it reads it after a closed fence, where it must parse", () => {
    fc.assert(
      fc.property(document, (text) => {
        const fence = "```\n```\n";
        // Where every line goes, the joins differ by the newline after the fence.
        fc.pre(text === "" || stripPersonalitySection(text) !== "");
        expect(stripPersonalitySection(`${fence}${text}`)).toBe(
          `${fence}${stripPersonalitySection(text)}`,
        );
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
