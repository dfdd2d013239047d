import { describe, expect, it } from "vitest";
import { AgentsMdError } from "./agents-md-error.js";
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

  it("refuses a fallback that is a path rather than a name, naming it", () => {
    for (const name of [
      "../../../etc/passwd",
      "/etc/passwd",
      "a/b.md",
      "a\\b.md",
      "..",
      ".",
      " .. ",
      "C:x.md",
    ]) {
      const error = (() => {
        try {
          candidateFilenames(["NOTES.md", name]);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(AgentsMdError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: "invalid-argument",
        issues: [{ path: "fallbackFilenames[1]" }],
      });
    }
  });

  it("looks for the two standard names when there are no fallbacks", () => {
    expect(candidateFilenames()).toEqual(["AGENTS.override.md", "AGENTS.md"]);
  });
});
