import type { ResponseItem } from "@ctx/protocol";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { agentRequestSettings } from "../__fixtures__/agent-request-settings.js";
import { createSession } from "../create-session.js";
import type { Session } from "../session.js";
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

/** The same context telling the session an agent's tools and cache key, for its cache prediction. */
const withRequest: TurnContext = {
  ...context,
  request: agentRequestSettings,
};

/** A session whose history holds about `size` items: turns of a tool call, its output and a reply. */
async function sessionOf(size: number, turnContext = context): Promise<Session> {
  const session = createSession({ contextWindow });
  for (let turn = 0; session.history().length < size; turn += 1) {
    await session.beginTurn(turnContext, `request ${turn}`);
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

// 10,000 and 100,000 items; 100 and 1,000 in a quick run.
const smallSize = benchSize(10_000, 100);
const largeSize = benchSize(100_000, 1_000);
const small = await sessionOf(smallSize);
const large = await sessionOf(largeSize);
const withSettings = await sessionOf(largeSize, withRequest);

describe("beginTurn on a long history (no settings change)", () => {
  bench(
    `${smallSize.toLocaleString("en")} history items`,
    async () => {
      await small.beginTurn(context, "next");
    },
    benchOptions(),
  );
  bench(
    `${largeSize.toLocaleString("en")} history items`,
    async () => {
      await large.beginTurn(context, "next");
    },
    benchOptions(),
  );
  bench(
    `${largeSize.toLocaleString("en")} history items, with tools and settings in the request slot`,
    async () => {
      await withSettings.beginTurn(withRequest, "next");
    },
    benchOptions(),
  );
});
