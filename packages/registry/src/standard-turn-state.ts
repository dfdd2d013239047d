import type { AgentsMdState } from "./catalogue/agents-md-instructions.js";
import type { CollaborationModeData } from "./catalogue/collaboration-mode.js";
import type { EnvironmentContextData } from "./catalogue/environment-context-schema.js";
import type { ModelState } from "./catalogue/model-switch.js";
import type { MultiAgentModeData } from "./catalogue/multi-agent-mode.js";
import type { PermissionsInstructionsData } from "./catalogue/permissions-instructions.js";
import type { PersonalityState } from "./catalogue/personality-spec.js";
import type { RealtimeState } from "./catalogue/realtime.js";
import type { SkillsInstructionsData } from "./catalogue/skills-instructions-schema.js";

/**
 * The turn state the standard kinds read, one slot per section id, resolved by the session from
 * its turn context: plain data, with every text already rendered (the permissions text, the
 * model's instructions, the loaded AGENTS.md). An `undefined` slot leaves its section out this
 * turn. Extension kinds read slots of their own, named after their sections.
 */
export interface StandardTurnState {
  readonly realtime: RealtimeState;
  readonly agents_md: AgentsMdState;
  readonly permissions: PermissionsInstructionsData | undefined;
  readonly collaboration_mode: CollaborationModeData | undefined;
  readonly environments: EnvironmentContextData | undefined;
  readonly environments_instructions: boolean;
  readonly apps: boolean;
  readonly plugins: boolean;
  readonly model: ModelState;
  readonly personality: PersonalityState;
  readonly multi_agent_mode: MultiAgentModeData | undefined;
  readonly developer_instructions: string | undefined;
  readonly skills:
    | { readonly catalogue: SkillsInstructionsData; readonly contextWindow?: number }
    | undefined;
}
