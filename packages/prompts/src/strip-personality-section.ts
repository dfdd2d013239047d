import { lazySchema } from "@ctx/protocol/internal";
import { codeRegions } from "@ctx/text";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";

const personalityHeading = "# Personality";
const textSchema = lazySchema(() => z.string());

/**
 * Removes every `# Personality` section from `text`: each run of lines from a line that reads
 * exactly `# Personality` up to, not including, the next level-one heading (a line starting
 * with `# `), or to the end of the text. A line inside a fenced code block (as `codeRegions` of
 * `@ctx/text` finds them) is never taken for a heading. Text without such a section is returned unchanged.
 *
 * @throws {PromptsError} when `text` is not a string.
 * @example
 * ```ts
 * stripPersonalitySection("Intro\n\n# Personality\n\nBe kind.\n\n# Rules\nBe brief.\n");
 * // => "Intro\n\n# Rules\nBe brief.\n"
 * ```
 */
export function stripPersonalitySection(text: string): string {
  checkSchema("text", text, textSchema);
  return withoutPersonalitySection(text);
}

/** {@link stripPersonalitySection} without the argument check, for callers that checked `text`. */
export function withoutPersonalitySection(text: string): string {
  if (!text.includes(personalityHeading)) return text;
  const code = codeRegions(text);
  const kept: string[] = [];
  let skipping = false;
  let region = 0;
  let lineStart = 0;
  for (const line of text.split("\n")) {
    while ((code[region]?.[1] ?? Number.POSITIVE_INFINITY) <= lineStart) region += 1;
    const inCode = (code[region]?.[0] ?? Number.POSITIVE_INFINITY) <= lineStart;
    if (!inCode) {
      const content = line.endsWith("\r") ? line.slice(0, -1) : line;
      if (content.trimEnd() === personalityHeading) skipping = true;
      else if (content.startsWith("# ")) skipping = false;
    }
    if (!skipping) kept.push(line);
    lineStart += line.length + 1;
  }
  return kept.join("\n");
}
