import { trimWhiteSpace } from "@ctx/text";
import { agentsMdDefaults } from "./defaults.js";

/**
 * The names looked for in each directory, in order: `AGENTS.override.md`, `AGENTS.md`, then the
 * fallback names trimmed, with empty ones and repeats dropped.
 */
export function candidateFilenames(fallbackFilenames: readonly string[] = []): string[] {
  const names: string[] = [agentsMdDefaults.overrideFilename, agentsMdDefaults.filename];
  for (const fallback of fallbackFilenames) {
    const name = trimWhiteSpace(fallback);
    if (name !== "" && !names.includes(name)) names.push(name);
  }
  return names;
}
