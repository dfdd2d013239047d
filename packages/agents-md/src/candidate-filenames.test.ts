import { describe, expect, it } from "vitest";
import { candidateFilenames } from "./candidate-filenames.js";

describe("candidateFilenames", () => {
  it("puts the override first, then AGENTS.md, then the fallbacks in order", () => {
    expect(candidateFilenames(["CLAUDE.md", "NOTES.md"])).toEqual([
      "AGENTS.override.md",
      "AGENTS.md",
      "CLAUDE.md",
      "NOTES.md",
    ]);
  });

  it("trims fallback names, drops empty ones and repeats", () => {
    expect(
      candidateFilenames([" NOTES.md ", "", "  ", "AGENTS.md", "NOTES.md", "CLAUDE.md"]),
    ).toEqual(["AGENTS.override.md", "AGENTS.md", "NOTES.md", "CLAUDE.md"]);
  });

  it("looks for the two standard names when there are no fallbacks", () => {
    expect(candidateFilenames()).toEqual(["AGENTS.override.md", "AGENTS.md"]);
  });
});
