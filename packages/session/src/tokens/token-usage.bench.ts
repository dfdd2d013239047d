import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResponseItem } from "@ctx/protocol";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { createSession } from "../create-session.js";
import type { HistoryEntry } from "../history/origin.js";
import type { Session } from "../session.js";
import type { TurnContext } from "../turn/turn-context.js";
import { loadDefaultTokenizer } from "./load-default-tokenizer.js";

// Histories made of this package's own sources, read by a tool, each read followed by a reply:
// about 200,000 o200k_base tokens (2,000 in a quick run), and a tenth of that to compare with.
const large = benchSize(200_000, 2_000);
const small = large / 10;
const tokenizer = await loadDefaultTokenizer();
const sources = readdirSync(fileURLToPath(new URL("..", import.meta.url)), { recursive: true })
  .map(String)
  .filter((name) => name.endsWith(".ts"))
  .sort()
  .map((name) => readFileSync(join(fileURLToPath(new URL("..", import.meta.url)), name), "utf8"));

const context: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

/** History entries worth about `tokens` o200k_base tokens. */
function historyOf(tokens: number): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  let total = 0;
  for (let index = 0; total < tokens; index += 1) {
    const output = sources[index % sources.length] ?? "";
    const callId = `call-${index}`;
    const items: ResponseItem[] = [
      { type: "function_call", call_id: callId, name: "read", arguments: `{"file":"${index}"}` },
      { type: "function_call_output", call_id: callId, output },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Read." }] },
    ];
    for (const item of items) {
      entries.push({
        item,
        origin: item.type === "function_call_output" ? { source: "tool" } : { source: "model" },
      });
    }
    total += tokenizer.count(output);
  }
  return entries;
}

const largeHistory = historyOf(large);
const smallHistory = historyOf(small);

/** A session over `history` whose usage has been reported once. */
async function counted(history: readonly HistoryEntry[]): Promise<Session> {
  const session = createSession({ history });
  await session.beginTurn(context, "Go on.");
  session.tokenUsage();
  return session;
}

const sessions = { large: await counted(largeHistory), small: await counted(smallHistory) };
let turn = 0;

/** One more turn (the user's message and a reply), then the report. */
async function nextTurn(session: Session): Promise<void> {
  turn += 1;
  await session.beginTurn(context, `Request ${turn}.`);
  await session.record([
    {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: `Done ${turn}.` }],
    },
  ]);
  session.tokenUsage();
}

describe(`tokenUsage, the first time (a new session over the history: parse, then count)`, () => {
  bench(
    `${small.toLocaleString("en")}-token history`,
    () => {
      createSession({ history: smallHistory }).tokenUsage();
    },
    benchOptions({ iterations: 5 }),
  );
  bench(
    `${large.toLocaleString("en")}-token history`,
    () => {
      createSession({ history: largeHistory }).tokenUsage();
    },
    benchOptions({ iterations: 5 }),
  );
});

describe("the baseline: a new session over the history, without tokenUsage", () => {
  bench(
    `${large.toLocaleString("en")}-token history`,
    () => {
      createSession({ history: largeHistory });
    },
    benchOptions({ iterations: 5 }),
  );
});

describe("one more turn (beginTurn, record a reply), then tokenUsage", () => {
  bench(
    `${small.toLocaleString("en")}-token history`,
    () => nextTurn(sessions.small),
    benchOptions(),
  );
  bench(
    `${large.toLocaleString("en")}-token history`,
    () => nextTurn(sessions.large),
    benchOptions(),
  );
});
