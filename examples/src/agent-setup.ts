import type { LoadedAgentsMd } from "@ctx/agents-md";
import { createSession, type Session, type TurnContext } from "@ctx/session";

/** What an example agent may be given besides its API's address, its prompts and its shell. */
export interface AgentSetup {
  /** The session the turns run in (give one made with a rollout store to keep them). */
  readonly session?: Session;
  /** The folder the agent works in; `/repo` when omitted. */
  readonly cwd?: string;
  /** The AGENTS.md instructions discovered for `cwd`, shown to the model with the context. */
  readonly agentsMd?: LoadedAgentsMd;
  /** Called with each piece of an answer's text as it streams in. */
  readonly onText?: (text: string) => void;
  /** The API key; else the provider's variable (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`). */
  readonly apiKey?: string;
}

/** The session and turn context an agent runs with: `base`, with what `setup` gives. */
export function applySetup(
  base: TurnContext,
  setup: AgentSetup,
): { session: Session; turnContext: TurnContext } {
  return {
    session: setup.session ?? createSession(),
    turnContext: {
      ...base,
      environments: [{ id: "local", cwd: setup.cwd ?? "/repo", shell: "bash" }],
      ...(setup.agentsMd === undefined ? {} : { agentsMd: setup.agentsMd }),
    },
  };
}
