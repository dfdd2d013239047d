import type { ResponseItem } from "@ctx/protocol";
import {
  createSession,
  type HistoryEntry,
  type ModelRequest,
  type Session,
  type TurnContext,
} from "@ctx/session";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";

/** A window that holds the whole history, so a turn never compacts. */
const contextWindow = 1_000_000_000;

const context: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "UTC",
};

/** About `size` history entries: turns of a request, 30 tool calls with outputs, and a reply. */
function historyOf(size: number): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  const add = (item: ResponseItem, source: "user" | "model" | "tool") =>
    entries.push({ item, origin: { source } });
  for (let turn = 0; entries.length < size; turn += 1) {
    add(
      { type: "message", role: "user", content: [{ type: "input_text", text: `request ${turn}` }] },
      "user",
    );
    for (let call = 0; call < 30; call += 1) {
      const callId = `call-${turn}-${call}`;
      add(
        { type: "function_call", call_id: callId, name: "shell", arguments: '{"command":"ls"}' },
        "model",
      );
      add({ type: "function_call_output", call_id: callId, output: "a.ts\nb.ts" }, "tool");
    }
    add(
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "done" }] },
      "model",
    );
  }
  return entries;
}

async function sessionOf(size: number): Promise<Session> {
  const session = createSession({ contextWindow, history: historyOf(size) });
  await session.beginTurn(context, "first");
  return session;
}

/**
 * Benchmarks what a turn costs a caller of one adapter on a long history: `beginTurn`, then
 * `map` of its request, at 10,000 and 100,000 history items (100 and 1,000 in a
 * quick run), beside `JSON.stringify` of the mapped request at the larger size,
 * the serialisation every request pays anyway. Call it at the top level of a `*.bench.ts` file.
 */
export async function benchTurnMapping(
  adapter: string,
  map: (request: ModelRequest) => unknown,
): Promise<void> {
  const smallSize = benchSize(10_000, 100);
  const largeSize = benchSize(100_000, 1_000);
  const small = await sessionOf(smallSize);
  const large = await sessionOf(largeSize);
  const body = map(await large.nextRequest());
  const label = (size: number) => `${size.toLocaleString("en")} history items`;
  describe(`a turn through ${adapter} (beginTurn, then the mapping)`, () => {
    bench(
      label(smallSize),
      async () => {
        map(await small.beginTurn(context, "next"));
      },
      benchOptions(),
    );
    bench(
      label(largeSize),
      async () => {
        map(await large.beginTurn(context, "next"));
      },
      benchOptions(),
    );
    bench(
      `JSON.stringify of the mapped request at ${label(largeSize)}`,
      () => {
        JSON.stringify(body);
      },
      benchOptions(),
    );
  });
}
