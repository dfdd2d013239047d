import { describeWrongArgument } from "@ctx/text";
import { SessionError } from "../session-error.js";
import { resolveTurnState, type TurnStateSources } from "./resolve-turn-state.js";
import type { ParsedTurnContext } from "./turn-context.js";

/**
 * A turn's turn state: the extensions' slots as the turn context gives them, and the standard
 * sections' resolved from it.
 *
 * @throws {SessionError} when an extension slot has a standard section's id.
 */
export function buildTurnState(
  context: ParsedTurnContext,
  sources: TurnStateSources,
): Readonly<Record<string, unknown>> {
  const turnState: Record<string, unknown> = { ...context.extensions };
  for (const [section, value] of Object.entries(resolveTurnState(context, sources))) {
    if (section in turnState) {
      throw new SessionError(
        "invalid-argument",
        describeWrongArgument(
          "turn context.extensions",
          `the extension slot "${section}" is a standard section's`,
        ),
      );
    }
    turnState[section] = value;
  }
  return turnState;
}
