import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { createSession } from "../create-session.js";
import type { HistoryEntry } from "../history/origin.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import type { TurnContext } from "../turn/turn-context.js";

// A history of about 200,000 tokens (bytes/4; 2,000 in a quick run): the user's requests, tool
// calls with 2,000-token outputs and replies. The summarizer answers at once, so the figures are
// the session's own cost: counting, keeping the user's messages, the checkpoint, the next view.
const tokens = benchSize(200_000, 2_000);
const context: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

function historyOf(total: number): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (let index = 0; entries.length * 700 < total; index += 1) {
    const callId = `call-${index}`;
    entries.push(
      {
        item: {
          type: "message",
          role: "user",
          content: [
            { type: "input_text", text: `Request ${index}: ${"look at this ".repeat(40)}` },
          ],
        },
        origin: { source: "user" },
      },
      {
        item: { type: "function_call", call_id: callId, name: "shell", arguments: '{"cmd":"ls"}' },
        origin: { source: "model" },
      },
      {
        item: { type: "function_call_output", call_id: callId, output: "x".repeat(8_000) },
        origin: { source: "tool" },
      },
    );
  }
  return entries;
}

const history = historyOf(tokens);

async function started() {
  const session = createSession({
    history,
    tokenizer: approximateTokenizer,
    summarizer: async () => "Goal: keep going.",
  });
  await session.beginTurn(context, "Go on.");
  return session;
}

describe(`compact() over a ${tokens.toLocaleString("en")}-token history`, () => {
  bench(
    "a new session and its first turn (the baseline)",
    async () => {
      await started();
    },
    benchOptions({ iterations: 5 }),
  );
  bench(
    "the same, then compact()",
    async () => {
      const session = await started();
      await session.compact();
    },
    benchOptions({ iterations: 5 }),
  );
});
