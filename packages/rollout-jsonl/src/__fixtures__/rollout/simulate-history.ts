import { type JsonValue } from "@ctx/protocol";
import type { RolloutRecord, RolloutStore } from "@ctx/rollout";

/** Deterministic filler text of about `length` characters. */
function prose(seed: number, length: number): string {
  const words = ["context", "rollout", "session", "the", "model", "reads", "file", "diff", "test"];
  let text = "";
  let state = seed;
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += `${words[state % words.length]} `;
  }
  return text.slice(0, length);
}

const message = (role: string, text: string): JsonValue => ({
  type: "message",
  role,
  content: [{ type: role === "assistant" ? "output_text" : "input_text", text }],
});

/** One turn's records: its context, the user's message, a tool call and its output, the answer. */
function turnRecords(turn: number): RolloutRecord[] {
  return [
    {
      type: "turn_context",
      payload: { cwd: "/repo", model: "gpt-5", approval: "on-request", turn, date: "2026-12-01" },
    },
    { type: "response_item", payload: message("user", prose(turn, 120 + (turn % 7) * 40)) },
    {
      type: "response_item",
      payload: {
        type: "function_call",
        name: "shell",
        call_id: `call-${turn}`,
        arguments: JSON.stringify({ command: ["rg", "-n", prose(turn + 1, 20)] }),
      },
    },
    {
      type: "response_item",
      payload: {
        type: "function_call_output",
        call_id: `call-${turn}`,
        output: prose(turn + 2, 800 + (turn % 11) * 150),
      },
    },
    { type: "response_item", payload: message("assistant", prose(turn + 3, 300 + (turn % 5) * 90)) },
  ];
}

/** What a simulated history wrote. */
export interface SimulatedHistory {
  /** The bytes of every record written, each as the JSON of the record the session gave. */
  readonly uniqueRecordBytes: number;
  readonly records: number;
  readonly sessions: number;
}

/**
 * Writes a session the way the session layer does: 200 turns, one batch each; a fork every 10
 * turns (20 forks, each with 2 turns of its own); 5 rollbacks (a small record each); and 3
 * compactions (a checkpoint record holding the compacted history: a summary and the recent user
 * messages).
 */
export async function simulateHistory(store: RolloutStore): Promise<SimulatedHistory> {
  let uniqueRecordBytes = 0;
  let records = 0;
  const write = async (sessionId: string, expectedSequence: number, batch: RolloutRecord[]) => {
    for (const record of batch) uniqueRecordBytes += Buffer.byteLength(JSON.stringify(record));
    records += batch.length;
    const result = await store.append({
      sessionId,
      expectedSequence,
      appendId: `${sessionId}-${expectedSequence}`,
      records: batch,
    });
    return result.nextSequence;
  };
  const main = await store.create({ cwd: "/repo", meta: { model: "gpt-5" } });
  let next = 0;
  let forks = 0;
  for (let turn = 1; turn <= 200; turn += 1) {
    next = await write(main.id, next, turnRecords(turn));
    if ([40, 80, 120, 160, 190].includes(turn))
      next = await write(main.id, next, [{ type: "rollback", payload: { userTurns: 1 } }]);
    if ([60, 120, 180].includes(turn)) {
      const recent = Array.from({ length: 10 }, (_, index) =>
        message("user", prose(turn - index, 160)),
      );
      next = await write(main.id, next, [
        {
          type: "compaction",
          payload: { summary: prose(turn * 13, 2400), replacementHistory: recent },
          checkpoint: true,
        },
      ]);
    }
    if (turn % 10 === 0) {
      const fork = await store.create({
        cwd: "/repo",
        parent: { sessionId: main.id, sequence: next },
        meta: { model: "gpt-5" },
      });
      forks += 1;
      let forkNext = next;
      for (let own = 1; own <= 2; own += 1)
        forkNext = await write(fork.id, forkNext, turnRecords(1000 * turn + own));
    }
  }
  return { uniqueRecordBytes, records, sessions: 1 + forks };
}
