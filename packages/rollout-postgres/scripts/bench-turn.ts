import type { RolloutRecord } from "@ctx/session";

/** Records per turn in the load bench: the user's message, reasoning, a tool call and its output, the answer. */
export const recordsPerTurn = 5;

const filler = "The quick brown fox jumps over the lazy dog while the build runs. ".repeat(4);

/** One turn's records, each naming its session, turn and place, so the bench can count them back. */
export function turnRecords(sessionId: string, turn: number): RolloutRecord[] {
  const kinds = ["user", "reasoning", "function_call", "function_call_output", "assistant"];
  return kinds.map((kind, index) => ({
    type: "response_item",
    payload: { sessionId, turn, index, kind, text: `${kind} ${turn}: ${filler}` },
  }));
}
