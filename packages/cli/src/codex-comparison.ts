import { defaultModelCatalog, type Personality, resolveBaseInstructions } from "@ctx/prompts";
import { utf8ByteLength } from "@ctx/text";
import { codexBundledSkillsBytes, codexModelBlocks } from "./codex-model-blocks.js";

/** What the closing lines of `ctx context` compare. */
export interface CodexComparisonInput {
  /** The model Codex would run: the flag's, else the configuration's, else Codex's default. */
  readonly codexModel: string;
  /** The model of @ctx's default catalog whose base instructions were sent. */
  readonly model: string;
  readonly personality: Personality;
  /** The base instructions sent. */
  readonly instructions: string;
  /** The window `model_context_window` gives, instead of the catalog's. */
  readonly contextWindow?: number;
  /** Whether the base instructions are the user's `model_instructions_file`. */
  readonly baseFromFile: boolean;
  /** The size of the permissions block, when one is sent. */
  readonly permissionsBytes: number | undefined;
  readonly withTools: boolean;
  /** Whether the skills catalogue is sent, and whether Codex adds its bundled skills to it. */
  readonly skills: boolean;
  readonly bundledSkills: boolean;
  /** Skills found but offered only when asked for by name. */
  readonly onRequest: number;
}

const bytes = (count: number) => `${count.toLocaleString("en-US")} B`;

/**
 * The closing lines of `ctx context`'s text: which texts are @ctx's own wording, what `--model`
 * changed, what Codex 0.171 sends for its model that this request does not hold (with sizes
 * measured from the binary), and what no request shown here can hold.
 */
export function codexComparison(input: CodexComparisonInput): string[] {
  const codex = codexModelBlocks[input.codexModel];
  const baseBytes = utf8ByteLength(input.instructions);
  const permissions =
    input.permissionsBytes === undefined
      ? ""
      : ` and the permissions text (${bytes(input.permissionsBytes)})`;
  const wording = input.baseFromFile
    ? `Whose words: the base instructions are your model_instructions_file, sent as Codex sends it;${permissions === "" ? "" : ` the permissions text is @ctx's own wording, not Codex's;`} every other block is built as Codex 0.171 builds it.`
    : `Whose words: the base instructions (${bytes(baseBytes)})${permissions} are @ctx's own wording, not Codex's${codex === undefined ? "" : ` (Codex 0.171 sends ${bytes(codex.baseInstructions)} of its own base instructions for ${input.codexModel})`}; every other block is built as Codex 0.171 builds it.`;
  const others = defaultModelCatalog.models.filter(
    (model) =>
      model.slug !== input.model &&
      resolveBaseInstructions({ model, personality: input.personality }) === input.instructions,
  );
  const contextWindow = input.contextWindow ?? defaultModelCatalog.get(input.model).contextWindow;
  const shared =
    others.length === 0
      ? ""
      : ` (the same bytes as ${others.length} other catalog ${others.length === 1 ? "model" : "models"})`;
  const window = `${contextWindow.toLocaleString("en-US")} tokens`;
  const modelLine =
    input.contextWindow === undefined
      ? `The model (${input.model}) chose @ctx's base instructions${shared} and the context window (${window}) that budgets the skills; nothing else in this request depends on the model.`
      : `The model (${input.model}) chose @ctx's base instructions${shared}; the context window that budgets the skills (${window}) is model_context_window's; nothing else in this request depends on the model.`;
  const besides: string[] = [];
  if (codex !== undefined) {
    if (codex.toolDefinitions !== undefined) {
      besides.push(
        `its tool definitions ${bytes(codex.toolDefinitions)}${input.withTools ? " (yours are counted above)" : " (pass --tools FILE to count yours)"}`,
      );
    }
    if (codex.collaborationMode !== undefined)
      besides.push(`<collaboration_mode> ${bytes(codex.collaborationMode)}`);
    if (codex.multiAgentRole !== undefined)
      besides.push(`<multi_agent_role> ${bytes(codex.multiAgentRole)}`);
    if (codex.multiAgentMode !== undefined)
      besides.push(`<multi_agent_mode> ${bytes(codex.multiAgentMode)}`);
    if (codex.toolsNotice !== undefined)
      besides.push(`the <tools> notice ${bytes(codex.toolsNotice)}`);
    if (input.skills && codex.skillsUsage !== undefined) {
      besides.push(
        `a "How to use skills" section in skills_instructions ${bytes(codex.skillsUsage)}`,
      );
    }
  }
  if (input.skills && input.bundledSkills) {
    besides.push(
      `its bundled skills, about ${bytes(codexBundledSkillsBytes)} of skills_instructions (skills.bundled.enabled = false leaves them out)`,
    );
  }
  const codexLine =
    codex === undefined
      ? `Codex 0.171 does not list ${input.codexModel}: what it would send besides these blocks is not known here.`
      : besides.length === 0
        ? `Codex 0.171 sends nothing besides these blocks for ${input.codexModel}.`
        : `Not shown, as Codex 0.171 sends them for ${input.codexModel} (sizes measured from its 0.171.0 binary): ${besides.join("; ")}.`;
  const left = [
    "the user's message",
    ...(input.onRequest === 0
      ? []
      : [
          `${input.onRequest} ${input.onRequest === 1 ? "skill" : "skills"} offered only when asked for by name`,
        ]),
    "MCP servers, apps and plugins",
  ];
  return [wording, modelLine, codexLine, `Not shown: ${left.join("; ")}.`];
}
