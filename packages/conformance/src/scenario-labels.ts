import { compactionPrompt } from "@ctx/prompts";
import type { Registry } from "@ctx/registry";
import { isKeptUserInput } from "./kept-user-input.js";
import type { ExtraLabel } from "./layout.js";
import { mockSummary } from "./mock-answers.js";

/**
 * What a text of a recorded request is, by what we know of it: the scenario's developer
 * instructions (raw, unmarked, as Codex sends them), one of its prompts or a piece of one cut
 * across a compaction (its head, the elision note, its tail), the summary (a prefix, then the mock's text), the compaction prompt (Codex's, which
 * the registry recognises, or ours), or a fragment the registry knows (left to it).
 */
export function scenarioLabels(
  prompts: ReadonlySet<string>,
  instructions: ReadonlySet<string>,
  registry: Registry,
): ExtraLabel {
  return (role, text) => {
    if (role === "developer" && instructions.has(text)) return "developer_instructions";
    if (role !== "user") return undefined;
    if (text.endsWith(`\n${mockSummary}`)) return "summary";
    if (prompts.has(text)) return "user_input";
    if (text === compactionPrompt) return "compaction_prompt";
    if (isKeptUserInput(text, prompts)) return "kept_user_input";
    return registry.classify(role, text)?.type === "codex_compaction_prompt"
      ? "compaction_prompt"
      : undefined;
  };
}
