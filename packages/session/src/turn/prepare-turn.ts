import type { LoadedAgentsMd } from "@ctx/agents-md";
import type { MessageItem } from "@ctx/protocol";
import type { AgentsMdCache } from "./agents-md-cache.js";
import { parseUserInput, type UserInput } from "./parse-user-input.js";
import { type ParsedTurnContext, parseTurnContext, type TurnContext } from "./turn-context.js";

/** A turn's arguments once checked, with the AGENTS.md it sends. */
export interface PreparedTurn {
  readonly context: ParsedTurnContext;
  readonly userMessage: MessageItem;
  readonly agentsMd: LoadedAgentsMd | undefined;
}

/**
 * What a turn reads before it waits for the session's earlier calls: its checked arguments,
 * and the AGENTS.md it was given or that `cache` discovers in its ready environments.
 *
 * @throws {SessionError} when the turn context or the user input does not fit its schema.
 */
export async function prepareTurn(
  cache: AgentsMdCache,
  turnContext: TurnContext,
  userInput: UserInput,
): Promise<PreparedTurn> {
  const context = parseTurnContext(turnContext);
  const userMessage = parseUserInput(userInput);
  const agentsMd =
    context.agentsMd === undefined
      ? undefined
      : "discover" in context.agentsMd
        ? await cache.load(
            context.environments.filter((environment) => environment.status !== "starting"),
            context.agentsMd.discover,
          )
        : context.agentsMd;
  return { context, userMessage, agentsMd };
}
