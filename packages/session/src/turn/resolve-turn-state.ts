import type { LoadedAgentsMd } from "@ctx/agents-md";
import {
  getModelInstructions,
  getPersonalityMessage,
  type ModelInfo,
  renderPermissionsInstructions,
  supportsPersonality,
} from "@ctx/prompts";
import type { StandardTurnState } from "@ctx/registry";
import type { ParsedTurnContext } from "./turn-context.js";

/** What {@link resolveTurnState} reads besides the turn context. */
export interface TurnStateSources {
  /** The turn's model, from the session's catalog. */
  readonly model: ModelInfo;
  /** The session's base instructions: a personality already in them is not sent again. */
  readonly baseInstructions: string;
  /**
   * The base instructions the caller sets for this turn, when they may differ from the
   * session's (see `configuredBaseInstructions`): the model section sends a change.
   */
  readonly configuredBase?: string;
  /** The AGENTS.md instructions loaded for this turn, if any. */
  readonly agentsMd: LoadedAgentsMd | undefined;
}

/**
 * Resolves a validated turn context into the plain data the standard kinds' `build` hooks
 * read: the permissions text rendered with the model's own wording, the model's instructions
 * for the personality, whether that personality is already in the base instructions, the
 * loaded AGENTS.md text, and the environment context.
 */
export function resolveTurnState(
  context: ParsedTurnContext,
  { model, baseInstructions, configuredBase, agentsMd }: TurnStateSources,
): StandardTurnState {
  const { personality } = context;
  const modelInstructions = getModelInstructions(model, personality);
  const withEnvironment = context.environmentContext ?? true;
  return {
    realtime:
      typeof context.realtime === "object"
        ? context.realtime
        : { active: context.realtime ?? false },
    agents_md:
      agentsMd === undefined || agentsMd.isEmpty()
        ? { text: "" }
        : {
            ...(agentsMd.directory === null ? {} : { directory: agentsMd.directory }),
            text: agentsMd.text(),
          },
    permissions:
      context.permissions === undefined
        ? undefined
        : { text: renderPermissionsInstructions(context.permissions, model.permissionsText) },
    collaboration_mode: context.collaborationMode,
    environments: withEnvironment
      ? {
          environments: context.environments,
          ...(context.date === undefined ? {} : { currentDate: context.date }),
          ...(context.timezone === undefined ? {} : { timezone: context.timezone }),
          ...(context.network === undefined ? {} : { network: context.network }),
          ...(context.filesystem === undefined ? {} : { filesystem: context.filesystem }),
          ...(context.subagents === undefined ? {} : { subagents: context.subagents }),
        }
      : undefined,
    environments_instructions:
      withEnvironment && (context.environmentsInstructions ?? context.environments.length > 1),
    apps: context.apps ?? false,
    plugins: context.plugins ?? false,
    model: {
      slug: model.slug,
      instructions: modelInstructions,
      ...(configuredBase === undefined ? {} : { base: configuredBase }),
    },
    personality: {
      model: model.slug,
      ...(personality === undefined ? {} : { personality }),
      message: getPersonalityMessage(model, personality),
      baked: supportsPersonality(model) && baseInstructions === modelInstructions,
    },
    multi_agent_mode: context.multiAgentMode,
    developer_instructions: context.developerInstructions,
    skills:
      context.skills === undefined
        ? undefined
        : { catalogue: context.skills, contextWindow: model.contextWindow },
  };
}
