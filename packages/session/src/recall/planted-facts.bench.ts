import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { findPlantedFacts, plantedSession } from "../__fixtures__/planted-session.js";

// A scripted 300-turn session (200 in a quick run) with 8 KB tool outputs (100 bytes quick),
// three compactions by the fallback summarizer and five planted facts. Prints where each fact
// was found after the last compaction (typed state or exact recall), then times the search.
const turns = benchSize(300, 200);
const outputBytes = benchSize(8_192, 100);
const planted = await plantedSession(turns, outputBytes);
const found = await findPlantedFacts(planted);
const kept = Object.values(found).filter((source) => source !== "lost").length;
process.stdout.write(
  `planted facts after ${planted.compactions} compactions of ${turns} turns: ${kept}/5 kept (${Object.entries(
    found,
  )
    .map(([fact, source]) => `${fact}: ${source}`)
    .join(", ")})\n`,
);

describe(`planted facts in a ${turns}-turn session on the memory store`, () => {
  bench(
    "find all five after the last compaction",
    async () => {
      await findPlantedFacts(planted);
    },
    benchOptions({ iterations: 10 }),
  );
});
