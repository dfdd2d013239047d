import type { ModelRequest } from "@ctx/session";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";

import { longHistory, longHistoryContext, startedSession } from "./long-history.js";

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
  const small = await startedSession(longHistory(smallSize));
  const large = await startedSession(longHistory(largeSize));
  const body = map(await large.nextRequest());
  const label = (size: number) => `${size.toLocaleString("en")} history items`;
  describe(`a turn through ${adapter} (beginTurn, then the mapping)`, () => {
    bench(
      label(smallSize),
      async () => {
        map(await small.beginTurn(longHistoryContext, "next"));
      },
      benchOptions(),
    );
    bench(
      label(largeSize),
      async () => {
        map(await large.beginTurn(longHistoryContext, "next"));
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
