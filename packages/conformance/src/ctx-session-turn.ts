import type { AgentsMdSharedOptions } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import type { TurnContext } from "@ctx/session";
import { ctxModelOf } from "./ctx-first-turn.js";
import { type CtxTurnState, pinnedEnvironment } from "./ctx-turn-state.js";
import type { ScenarioSettings } from "./scenario.js";

/**
 * The turn context `@ctx/session` gets for one turn of a multi-turn scenario: the same state a
 * first turn is built from (see {@link ctxTurnState}), with the shell, date and time zone pinned,
 * the personality, the skills catalogue, our stand-in for Codex's model, and AGENTS.md left to the session's own
 * discovery on the local disk with `discovery` (the global folder and the scenario's budgets and
 * names).
 */
export function ctxSessionTurnContext(
  state: CtxTurnState,
  settings: ScenarioSettings,
  discovery: AgentsMdSharedOptions,
): TurnContext {
  const { environment } = state;
  return {
    model: ctxModelOf(settings),
    environments: [{ id: "local", cwd: state.cwd, shell: pinnedEnvironment.shell }],
    ...(environment?.currentDate === undefined ? {} : { date: environment.currentDate }),
    ...(environment?.timezone === undefined ? {} : { timezone: environment.timezone }),
    ...(environment?.filesystem === undefined ? {} : { filesystem: environment.filesystem }),
    environmentContext: environment !== undefined,
    ...(settings.includePermissions === false ? {} : { permissions: state.policy }),
    ...(settings.developerInstructions === undefined || settings.developerInstructions === ""
      ? {}
      : { developerInstructions: settings.developerInstructions }),
    ...(settings.personality === undefined ? {} : { personality: settings.personality }),
    ...(state.skills === undefined ? {} : { skills: state.skills }),
    agentsMd: { discover: { fs: createNodeFileSystem(), ...discovery } },
  };
}
