import { readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import type { JsonValue } from "@ctx/protocol";
import type { RolloutRecord } from "@ctx/rollout";

/** Records per turn in the benches: five consecutive items of a real session. */
export const recordsPerTurn = 5;

/**
 * Every history item of the recorded Codex sessions in `@ctx/fixtures`, in order: users'
 * messages, encrypted reasoning, tool calls and their outputs, answers, as agents wrote them.
 */
const realItems: readonly JsonValue[] = codexRolloutNames.flatMap((name) =>
  readFileSync(codexRolloutPath(name), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .flatMap((line) => {
      const parsed = JSON.parse(line) as { type?: unknown; payload?: JsonValue };
      return parsed.type === "response_item" && parsed.payload !== undefined
        ? [parsed.payload]
        : [];
    }),
);

/** What the benches' records are made of, for their output. */
export const turnMaterial = `items of ${codexRolloutNames.length} recorded Codex sessions (${realItems.length} items: messages, encrypted reasoning, tool calls and outputs), ${recordsPerTurn} consecutive items per turn`;

/**
 * One turn's records: the next {@link recordsPerTurn} real items (each session starts at its own
 * place in them), each naming its session, turn and place, so the bench can count them back.
 */
export function turnRecords(sessionId: string, turn: number): RolloutRecord[] {
  let offset = 0;
  for (const character of sessionId) offset = (offset * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return Array.from({ length: recordsPerTurn }, (_, index) => ({
    type: "response_item",
    payload: {
      sessionId,
      turn,
      index,
      item: realItems[(offset + turn * recordsPerTurn + index) % realItems.length] ?? null,
    },
  }));
}
