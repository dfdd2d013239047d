import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codexSummaries } from "./__fixtures__/codex-texts.js";
import { compactionPrompt } from "./compaction-prompt.js";
import { bundledTexts } from "./data/bundled-texts.js";
import { PromptsError } from "./prompts-error.js";
import {
  formatSummaryText,
  isSummaryText,
  parseSummaryText,
  summaryPrefix,
} from "./summary-text.js";

describe("formatSummaryText", () => {
  it("puts the summary after the prefix and one newline", () => {
    expect(formatSummaryText("Goal: fix the parser.")).toBe(
      `${summaryPrefix}\nGoal: fix the parser.`,
    );
  });

  it("says that no summary was left when the model returned nothing", () => {
    expect(formatSummaryText("")).toBe(`${summaryPrefix}\n${bundledTexts.compaction.emptySummary}`);
    expect(formatSummaryText(" \n\t")).toBe(
      `${summaryPrefix}\n${bundledTexts.compaction.emptySummary}`,
    );
  });
});

describe("isSummaryText", () => {
  it("recognises every summary it wrote, and parseSummaryText gives the summary back", () => {
    fc.assert(
      fc.property(
        fc.string().filter((summary) => summary.trim() !== ""),
        (summary) => {
          const text = formatSummaryText(summary);
          expect(isSummaryText(text)).toBe(true);
          expect(parseSummaryText(text)).toBe(summary);
        },
      ),
    );
  });

  it("does not take ordinary messages, the prompt, or the bare prefix for a summary", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!text.startsWith(summaryPrefix));
        expect(isSummaryText(text)).toBe(false);
        expect(parseSummaryText(text)).toBeUndefined();
      }),
    );
    expect(isSummaryText(compactionPrompt)).toBe(false);
    expect(isSummaryText(summaryPrefix)).toBe(false);
    expect(isSummaryText(` ${formatSummaryText("x")}`)).toBe(false);
  });

  it("does not claim the summaries Codex wrote into real rollouts", () => {
    const summaries = codexSummaries();
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) expect(isSummaryText(summary)).toBe(false);
  });
});

describe("summaryPrefix", () => {
  it("is one paragraph without a trailing newline, distinctive from its first words", () => {
    expect(summaryPrefix).not.toContain("\n");
    expect(summaryPrefix.startsWith("Handoff summary (context checkpoint).")).toBe(true);
  });
});

describe("compactionPrompt", () => {
  it("ends with exactly one newline, as it is sent", () => {
    expect(compactionPrompt.endsWith("\n")).toBe(true);
    expect(compactionPrompt.endsWith("\n\n")).toBe(false);
  });

  it("asks for the goal, progress, context, next steps and details to carry over", () => {
    for (const part of [
      "**Goal**",
      "**Done so far**",
      "**Context**",
      "**Next steps**",
      "**Details to carry over**",
    ]) {
      expect(compactionPrompt).toContain(part);
    }
  });
});

describe("the summary functions", () => {
  it("refuse a value that is not a string, naming the argument", () => {
    // Before, each of these threw a TypeError (`summary.trim is not a function`, …).
    for (const wrong of [null, undefined, 42, {}, ["text"]]) {
      const value = wrong as unknown as string;
      expect(() => formatSummaryText(value)).toThrow(PromptsError);
      expect(() => formatSummaryText(value)).toThrow(/^invalid summary: /);
      expect(() => isSummaryText(value)).toThrow(/^invalid text: /);
      expect(() => parseSummaryText(value)).toThrow(/^invalid text: /);
    }
  });
});
