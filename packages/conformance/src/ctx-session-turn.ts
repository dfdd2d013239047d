import type { TurnContext } from "@ctx/session";
import { ctxModelOf } from "./ctx-first-turn.js";
import { type CtxTurnState, pinnedEnvironment } from "./ctx-turn-state.js";
import type { ScenarioSettings } from "./scenario.js";

/**
 * The turn context `@ctx/session` gets for one turn of a multi-turn scenario: the same state a
 * first turn is built from (see {@link ctxTurnState}), with the shell, date and time zone pinned,
 * the loaded AGENTS.md (Codex reads it again on every resume) and our stand-in for Codex's model.
 */
export function ctxSessionTurnContext(
  state: CtxTurnState,
  settings: ScenarioSettings,
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
    agentsMd: state.agentsMd,
  };
}
