const personalityHeading = "# Personality";

/**
 * Removes every `# Personality` section from `text`: each run of lines from a line that reads
 * exactly `# Personality` up to, not including, the next level-one heading (a line starting
 * with `# `), or to the end of the text. Lines inside fenced code blocks (```` ``` ```` or
 * `~~~`) are never taken for headings. Text without such a section is returned unchanged.
 *
 * @example
 * ```ts
 * stripPersonalitySection("Intro\n\n# Personality\n\nBe kind.\n\n# Rules\nBe brief.\n");
 * // => "Intro\n\n# Rules\nBe brief.\n"
 * ```
 */
export function stripPersonalitySection(text: string): string {
  const lines = text.split("\n");
  const kept: string[] = [];
  let fence: string | undefined;
  let skipping = false;
  for (const line of lines) {
    const content = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (fence === undefined) {
      if (content.trimEnd() === personalityHeading) skipping = true;
      else if (content.startsWith("# ")) skipping = false;
    }
    fence = nextFence(fence, content);
    if (!skipping) kept.push(line);
  }
  return kept.join("\n");
}

// The fence that is open after `line`: a line of three or more backticks or tildes opens a
// fence, and a line of at least as many of the same character closes it.
function nextFence(open: string | undefined, line: string): string | undefined {
  const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
  if (open === undefined) return marker;
  const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1];
  return closing !== undefined && closing[0] === open[0] && closing.length >= open.length
    ? undefined
    : open;
}
