import type { AgentsMdSharedOptions } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import type { TurnContext } from "@ctx/session";
import { discoverSkills } from "@ctx/skills";
import { ctxModelOf } from "./ctx-first-turn.js";
import { type CtxTurnState, pinnedEnvironment } from "./ctx-turn-state.js";
import type { ScenarioSettings } from "./scenario.js";

/**
 * The turn context `@ctx/session` gets for one turn of a multi-turn scenario: the same state a
 * first turn is built from (see {@link ctxTurnState}), with the shell, date and time zone pinned,
 * the personality, the skills catalogue, our stand-in for Codex's model, and AGENTS.md left to the session's own
 * discovery on the local disk with `discovery` (the global folder and the scenario's budgets and
 * names), and with `skills: true` the skills catalogue `@ctx/skills` finds there, as on a first
 * turn, read afresh every turn.
 */
export async function ctxSessionTurnContext(
  state: CtxTurnState,
  settings: ScenarioSettings,
  discovery: AgentsMdSharedOptions & { readonly home: string },
): Promise<TurnContext> {
  const { environment } = state;
  const skills =
    settings.skills === true
      ? await discoverSkills({
          directories: state.agentsMd.environments[0]?.directories ?? [state.cwd],
          codexHome: discovery.home,
          home: discovery.home,
          fs: createNodeFileSystem(),
        })
      : undefined;
  return {
    ...(skills === undefined ? {} : { skills: skills.catalogue() }),
    model: ctxModelOf(settings),
    environments: [{ id: "local", cwd: state.cwd, shell: pinnedEnvironment.shell }],
    ...(environment?.currentDate === undefined ? {} : { date: environment.currentDate }),
    ...(environment?.timezone === undefined ? {} : { timezone: environment.timezone }),
    ...(environment?.filesystem === undefined ? {} : { filesystem: environment.filesystem }),
    environmentContext: environment !== undefined,
    ...(state.policy === undefined ? {} : { permissions: state.policy }),
    ...(settings.developerInstructions === undefined || settings.developerInstructions === ""
      ? {}
      : { developerInstructions: settings.developerInstructions }),
    ...(settings.personality === undefined ? {} : { personality: settings.personality }),
    ...(state.skills === undefined ? {} : { skills: state.skills }),
    agentsMd: { discover: { fs: createNodeFileSystem(), ...discovery } },
  };
}
