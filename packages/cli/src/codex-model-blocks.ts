/**
 * What Codex 0.171 sends for one of its models besides the blocks @ctx builds, in UTF-8 bytes,
 * measured with `codex debug prompt-input` of the pinned 0.171.0 binary in an untrusted folder
 * with an empty `CODEX_HOME` (tool definitions as compact JSON of the `additional_tools` item),
 * and the base instructions' size from `codex debug models`. Sizes, not texts: Codex's prose
 * stays out of @ctx.
 */
export interface CodexModelBlocks {
  /** Codex's own base instructions for the model. */
  readonly baseInstructions: number;
  /** The `additional_tools` item (the tool definitions), when the model gets one. */
  readonly toolDefinitions?: number;
  /** `<collaboration_mode>`, when sent. */
  readonly collaborationMode?: number;
  /** `<multi_agent_role>`, when sent. */
  readonly multiAgentRole?: number;
  /** `<multi_agent_mode>`, when sent. */
  readonly multiAgentMode?: number;
  /** The `<tools>` notice, for the models that get one. */
  readonly toolsNotice?: number;
  /** The "How to use skills" section Codex adds to the skills catalogue for some models. */
  readonly skillsUsage?: number;
}

/** The size of Codex's bundled skills in its skills catalogue (the whole block when no other skill is found). */
export const codexBundledSkillsBytes = 2115;

/** Codex 0.171's default model, which it uses when the configuration names none. */
export const codexDefaultModel = "gpt-6.2-sol";

/** Codex 0.171's models (`codex debug models`) and what each is sent besides @ctx's blocks. */
export const codexModelBlocks: Readonly<Record<string, CodexModelBlocks>> = {
  "gpt-6.2-sol": {
    baseInstructions: 25959,
    toolDefinitions: 23135,
    collaborationMode: 1056,
    multiAgentRole: 2400,
    multiAgentMode: 271,
  },
  "gpt-6.2-astra": {
    baseInstructions: 25959,
    toolDefinitions: 23135,
    collaborationMode: 1056,
    multiAgentRole: 2162,
    multiAgentMode: 271,
  },
  "gpt-6.1-sol": {
    baseInstructions: 21534,
    toolDefinitions: 22240,
    collaborationMode: 920,
    multiAgentRole: 2400,
    multiAgentMode: 271,
  },
  "gpt-6.1-terra": {
    baseInstructions: 21183,
    toolDefinitions: 22240,
    collaborationMode: 1056,
    multiAgentRole: 2400,
    multiAgentMode: 271,
  },
  "gpt-6-astra": {
    baseInstructions: 21183,
    toolDefinitions: 22240,
    collaborationMode: 920,
    multiAgentRole: 2400,
    multiAgentMode: 271,
  },
  "gpt-6-sol": {
    baseInstructions: 18754,
    toolDefinitions: 22240,
    collaborationMode: 920,
    multiAgentRole: 2400,
    multiAgentMode: 271,
  },
  "gpt-6-luna": {
    baseInstructions: 17799,
    toolDefinitions: 22240,
    collaborationMode: 920,
    multiAgentRole: 2400,
    multiAgentMode: 271,
  },
  "gpt-5.6-sol": { baseInstructions: 17766, toolDefinitions: 19907, multiAgentMode: 271 },
  "gpt-5.6-terra": { baseInstructions: 17766, toolDefinitions: 19907, multiAgentMode: 271 },
  "gpt-5.6-luna": { baseInstructions: 17766, toolDefinitions: 13582, toolsNotice: 104 },
  "gpt-5.5": { baseInstructions: 21473, toolsNotice: 104, skillsUsage: 2554 },
};
