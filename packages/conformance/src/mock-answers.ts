import type { MockAnswer } from "./mock-output-item.js";
import type { ScenarioTurn } from "./scenario.js";

/** The summary the mock writes when Codex asks it to compact, and our summarizer returns to @ctx. */
export const mockSummary = "Conformance checkpoint: the health check is half written.";

/** The mock's answer to every later request of a turn; the session records and is told it too. */
export const doneAnswer: MockAnswer = { text: "Done.", totalTokens: 100 };

/**
 * The mock's answer to the first request of turn `index`, which the session records and is told
 * the usage of too: a text, or with `toolCall` a call of a tool Codex does not have; it reports
 * `reportTokens` used (100 without).
 */
export function firstAnswer(turn: ScenarioTurn, index: number): MockAnswer {
  const totalTokens = turn.reportTokens ?? 100;
  return turn.toolCall === true
    ? { toolCall: { name: "list_agents", arguments: "{}" }, totalTokens }
    : { text: `Answer to turn ${index + 1}.`, totalTokens };
}
