import type { AgentsMdEntry, AgentsMdGlobalEntry } from "./loaded-agents-md-data.js";

/** The separator between the global text and the first project file (protocol: exact). */
export const projectDocSeparator = "\n\n--- project-doc ---\n\n";

/**
 * The model-visible text of loaded instructions. One contributing environment (or none): the
 * global text, {@link projectDocSeparator} before the first project file when the global text
 * precedes it, and `\n\n` between project files. Two or more environments: the global text, then
 * `\n\n` before each project file, and once per run of files from one environment and working
 * directory the label ``for `{id}` with root {cwd}`` followed by `\n\n`.
 */
export function renderAgentsMdText(
  global: AgentsMdGlobalEntry | null,
  entries: readonly AgentsMdEntry[],
): string {
  const environments = new Set(entries.map((entry) => entry.environment));
  const parts: string[] = global === null ? [] : [global.text];
  if (environments.size < 2) {
    const projectText = entries.map((entry) => entry.text).join("\n\n");
    if (entries.length > 0)
      parts.push(global === null ? projectText : projectDocSeparator + projectText);
    return parts.join("");
  }
  let previous: AgentsMdEntry | undefined;
  for (const entry of entries) {
    if (parts.length > 0) parts.push("\n\n");
    if (previous?.environment !== entry.environment || previous.cwd !== entry.cwd) {
      parts.push(`for \`${entry.environment}\` with root ${entry.cwd}\n\n`);
    }
    parts.push(entry.text);
    previous = entry;
  }
  return parts.join("");
}
