import type { LoadedAgentsMd } from "@ctx/agents-md";
import type { CodexConfig } from "@ctx/codex-config";
import type { Fragment } from "@ctx/fragments";
import {
  defaultModelCatalog,
  renderPermissionsInstructions,
  resolveBaseInstructions,
} from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import {
  agentsMdInstructions,
  createStandardRegistry,
  developerInstructions,
  environmentContext,
  permissionsInstructions,
  skillsInstructions,
} from "@ctx/registry";
import { buildInitialContext } from "@ctx/session";
import { defaultCodexModel } from "./codex-overrides.js";
import { ctxTurnState } from "./ctx-turn-state.js";
import type { ScenarioSettings } from "./scenario.js";

/** Which model of our catalog stands in for each Codex model: their prose differs by design. */
const ctxModels: Readonly<Record<string, string>> = {
  "gpt-6-astra": "ctx-coder",
  "gpt-5.5": "ctx-coder-long",
  // Codex's compaction hash of gpt-6-astra: a switch to them needs no compaction.
  "gpt-6.1-terra": "ctx-coder-long",
  "gpt-6-sol": "ctx-coder-mini",
};

/** The model of our catalog that stands in for the scenario's Codex model. */
export function ctxModelOf(settings: ScenarioSettings): string {
  return ctxModels[settings.model ?? defaultCodexModel] ?? "ctx-coder";
}

/** What @ctx would send on a first turn, and what discovery reported. */
export interface CtxFirstTurn {
  readonly instructions: string;
  readonly input: readonly ResponseItem[];
  readonly agentsMd: LoadedAgentsMd;
}

/**
 * Assembles a first turn with @ctx under a scenario's settings (see {@link ctxTurnState}): the
 * developer instructions, the skills catalogue (found by `@ctx/skills` in the project folders
 * AGENTS.md discovery searched, and in `home` as both `CODEX_HOME` and `HOME`), permissions,
 * AGENTS.md and environment context as our fragments, in the envelopes the registry orders,
 * then the prompt.
 */
export async function ctxFirstTurn(options: {
  readonly base: string;
  readonly cwd: string;
  readonly home: string;
  readonly settings: ScenarioSettings;
  readonly prompt: string;
  /** The scenario's Codex configuration as `@ctx/codex-config` read it. */
  readonly config?: CodexConfig;
}): Promise<CtxFirstTurn> {
  const { settings } = options;
  const { agentsMd, policy, environment, skills } = await ctxTurnState(options);
  const fragments: Fragment[] = [];
  const developerText = settings.developerInstructions ?? options.config?.developerInstructions;
  if (developerText !== undefined && developerText !== "") {
    fragments.push(developerInstructions.create({ text: developerText }));
  }
  const model = defaultModelCatalog.get(ctxModelOf(settings));
  // The catalogue fitted to the model's window as the session fits it, through the kind's section.
  const catalogue = skills?.skills.length === 0 ? undefined : skills;
  const fitted = skillsInstructions.section?.evaluate(
    catalogue === undefined ? undefined : { catalogue, contextWindow: model.contextWindow },
    { status: "absent" },
    { full: true, warn: () => {} },
  ).fragment;
  if (fitted !== undefined) fragments.push(fitted);
  if (policy !== undefined) {
    fragments.push(permissionsInstructions.create({ text: renderPermissionsInstructions(policy) }));
  }
  if (!agentsMd.isEmpty()) {
    fragments.push(
      agentsMdInstructions.create({
        ...(agentsMd.directory === null ? {} : { directory: agentsMd.directory }),
        text: agentsMd.text(),
      }),
    );
  }
  if (environment !== undefined) fragments.push(environmentContext.create(environment));
  return {
    instructions: resolveBaseInstructions({
      model,
      ...(settings.personality === undefined ? {} : { personality: settings.personality }),
    }),
    input: [
      ...buildInitialContext(createStandardRegistry(), fragments, { separator: "none" }).map(
        ({ message }) => message,
      ),
      { type: "message", role: "user", content: [{ type: "input_text", text: options.prompt }] },
    ],
    agentsMd,
  };
}
