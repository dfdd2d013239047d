import { createMemoryFileSystem } from "@ctx/agents-md";
import type { ResponseItem } from "@ctx/protocol";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { createSession } from "../create-session.js";
import type { Session } from "../session.js";
import type { TurnContext } from "../turn/turn-context.js";

/** A window that holds the whole history: the figure is the call, not a compaction. */
const contextWindow = 1_000_000_000;

const fs = createMemoryFileSystem({
  "/repo/AGENTS.md": "Run pnpm test.",
  "/repo/go/AGENTS.md": "Run go vet.",
});
const context: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  agentsMd: { discover: { fs } },
};

/**
 * A session whose history holds about `size` items (turns of tool calls, their outputs and a
 * reply) and shows the AGENTS.md of `/repo/go` already: what a call for a file there costs is
 * reading what was recorded since the last call, then finding that the folder is shown.
 */
async function sessionOf(size: number): Promise<Session> {
  const session = createSession({ contextWindow });
  for (let turn = 0; session.history().length < size; turn += 1) {
    await session.beginTurn(context, `request ${turn}`);
    const items: ResponseItem[] = [];
    for (let call = 0; call < 30; call += 1) {
      const callId = `call-${turn}-${call}`;
      items.push(
        { type: "function_call", call_id: callId, name: "read", arguments: '{"file":"go/a.go"}' },
        { type: "function_call_output", call_id: callId, output: "package a" },
      );
    }
    await session.record(items);
    await session.recordTouchedPaths(["/repo/go/a.go"]);
  }
  return session;
}

// 10,000 and 100,000 items; 100 and 1,000 in a quick run.
const smallSize = benchSize(10_000, 100);
const largeSize = benchSize(100_000, 1_000);
const small = await sessionOf(smallSize);
const large = await sessionOf(largeSize);
const output: ResponseItem = { type: "function_call_output", call_id: "x", output: "package a" };

describe("recordTouchedPaths after a tool output, on a long history", () => {
  bench(
    `${smallSize.toLocaleString("en")} history items`,
    async () => {
      await small.record([output]);
      await small.recordTouchedPaths(["/repo/go/b.go"]);
    },
    benchOptions(),
  );
  bench(
    `${largeSize.toLocaleString("en")} history items`,
    async () => {
      await large.record([output]);
      await large.recordTouchedPaths(["/repo/go/b.go"]);
    },
    benchOptions(),
  );
});
