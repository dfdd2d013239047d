import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import type { HistoryEntry } from "../history/origin.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { fillCompactionState } from "./fill-compaction-state.js";

const turns = benchSize(300, 10);

/** A history of `turns` turns: a request with a rule, a call naming a file, 8 KB of prose output. */
function historyOf(count: number): HistoryEntry[] {
  const output = "src/date/parse.ts:12: a line of output, with words; and more/words here ".repeat(
    110,
  );
  return Array.from({ length: count }, (_, index): HistoryEntry[] => [
    { item: userTextMessage(`Step ${index}. Never skip the tests.`), origin: { source: "user" } },
    {
      item: {
        type: "function_call",
        call_id: `call-${index}`,
        name: "read_file",
        arguments: JSON.stringify({ path: `src/file-${index}.ts` }),
      },
      origin: { source: "model" },
    },
    {
      item: { type: "function_call_output", call_id: `call-${index}`, output },
      origin: { source: "tool" },
    },
  ]).flat();
}

const history = historyOf(turns);

describe(`the typed state filled from ${turns} turns with 8 KB tool outputs`, () => {
  bench(
    "fillCompactionState",
    () => {
      fillCompactionState(history);
    },
    benchOptions({ iterations: 20 }),
  );
});
