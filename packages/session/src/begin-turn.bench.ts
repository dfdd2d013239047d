import type { ResponseItem } from "@ctx/protocol";
import { bench, describe } from "vitest";
import { createSession } from "./create-session.js";
import type { Session } from "./session.js";
import type { TurnContext } from "./turn-context.js";

/**
 * A window that holds the whole history, so that the figure is turn assembly on a long history,
 * not the compaction a real model's window would call for (`compact.bench.ts` has it).
 */
const contextWindow = 1_000_000_000;

const context: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "UTC",
  permissions: {
    sandboxMode: "workspace-write",
    writableRoots: ["/repo"],
    approvalPolicy: "never",
  },
  developerInstructions: "Keep answers short.",
};

/** A session whose history holds about `size` items: turns of a tool call, its output and a reply. */
async function sessionOf(size: number): Promise<Session> {
  const session = createSession({ contextWindow });
  for (let turn = 0; session.history().length < size; turn += 1) {
    await session.beginTurn(context, `request ${turn}`);
    const items: ResponseItem[] = [];
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
    await session.record(items);
  }
  return session;
}

const small = await sessionOf(10_000);
const large = await sessionOf(100_000);

describe("beginTurn on a long history (no settings change)", () => {
  bench("10,000 history items", async () => {
    await small.beginTurn(context, "next");
  });
  bench("100,000 history items", async () => {
    await large.beginTurn(context, "next");
  });
});
