import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { planLargeRollout, writeLargeRollout } from "./__fixtures__/write-large-rollout.js";
import { inspectRollout } from "./inspect-rollout.js";

// The goal: `ctx inspect` within three times a loop that only parses each line of the same file
// as JSON; compare the two rows. Measured at 40,000 turns (39 MB) on this project's busy machine,
// in six paired runs: the parse loop took 0.8–2.6 s, `inspectRollout` 6.9–20 s, and the code
// before the readers were split by format 7.5–18 s: between 4 and 9 times the parse loop, both
// before and after; counting the tokens and summing by kind cost it. Since lines are read a
// chunk at a time, sums change in place and the tokenizer finds ASCII pieces by hand and keeps
// recent merges, two paired runs each at load 3.5–6.5 gave 3.8 times (1.80–1.90 s against
// 0.48–0.50 s), where the code before took 6.5 times (3.24–3.33 s): nearer, not yet met.
const path = join(mkdtempSync(join(tmpdir(), "ctx-inspect-bench-")), "large.jsonl");
await writeLargeRollout(path, planLargeRollout(benchSize(40_000, 48)));

describe("ctx inspect on a large rollout", () => {
  bench(
    "a loop that parses each line as JSON",
    () => {
      for (const line of readFileSync(path, "utf8").split("\n")) {
        if (line !== "") JSON.parse(line);
      }
    },
    benchOptions({ iterations: 3 }),
  );

  bench("inspectRollout, counting every text", async () => void (await inspectRollout(path)), {
    ...benchOptions({ iterations: 3 }),
  });
});
