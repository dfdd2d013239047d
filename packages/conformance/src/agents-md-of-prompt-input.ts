import { relative } from "node:path";

const opening = "\n\n<INSTRUCTIONS>\n";
const closing = "\n</INSTRUCTIONS>";
const headerPrefix = "# AGENTS.md instructions";
const directoryPrefix = `${headerPrefix} for `;

/** What Codex put in its AGENTS.md fragment: the text between the markers, and the header's folder. */
export interface CodexAgentsMd {
  readonly text: string;
  /** The header's folder relative to `base` (`.` for `base` itself), or `null` for global-only text. */
  readonly directory: string | null;
}

/**
 * The AGENTS.md fragment of a `codex debug prompt-input` list, or `null` when Codex sent none.
 * Reads Codex's output only to compare with ours.
 */
export function agentsMdOfPromptInput(
  items: readonly unknown[],
  base: string,
): CodexAgentsMd | null {
  for (const item of items) {
    if (typeof item !== "object" || item === null || !("role" in item) || item.role !== "user")
      continue;
    const content =
      "content" in item && Array.isArray(item.content) ? (item.content as unknown[]) : [];
    for (const part of content) {
      const text =
        typeof part === "object" && part !== null && "text" in part ? String(part.text) : "";
      const split = text.indexOf(opening);
      if (!text.startsWith(headerPrefix) || split < 0 || !text.endsWith(closing)) continue;
      const header = text.slice(0, split);
      return {
        text: text.slice(split + opening.length, -closing.length),
        directory: header.startsWith(directoryPrefix)
          ? relative(base, header.slice(directoryPrefix.length)) || "."
          : null,
      };
    }
  }
  return null;
}
