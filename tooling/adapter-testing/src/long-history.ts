import type { ResponseItem } from "@ctx/protocol";
import { createSession, type Session, type TurnContext } from "@ctx/session";

/** A window that holds the whole history, so a turn never compacts. */
const contextWindow = 1_000_000_000;

/** The turn context of every turn on a long history. */
export const longHistoryContext: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "UTC",
};

/**
 * About `size` items of a coding agent's history: turns of a request, 30 shell calls with their
 * outputs, and a reply, which every adapter maps.
 */
export function longHistory(size: number): ResponseItem[] {
  const items: ResponseItem[] = [];
  for (let turn = 0; items.length < size; turn += 1) {
    items.push({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: `request ${turn}` }],
    });
    for (let call = 0; call < 30; call += 1) {
      const callId = `call-${turn}-${call}`;
      items.push(
        { type: "function_call", call_id: callId, name: "shell", arguments: '{"command":"ls"}' },
        { type: "function_call_output", call_id: callId, output: "a.ts\nb.ts" },
      );
    }
    items.push({
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "done" }],
    });
  }
  return items;
}

/** A session on `items` (the user's, the model's and the tools' as their kind says) after its first turn. */
export async function startedSession(items: readonly ResponseItem[]): Promise<Session> {
  const session = createSession({
    contextWindow,
    history: items.map((item) => ({
      item,
      origin: {
        source:
          item.type === "function_call_output"
            ? "tool"
            : item.type === "message" && item.role === "user"
              ? "user"
              : "model",
      },
    })),
  });
  await session.beginTurn(longHistoryContext, "first");
  return session;
}
