import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDefaultTokenizer } from "@ctx/session";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { afterAll, bench, describe } from "vitest";
import { planLargeRollout, writeLargeRollout } from "./__fixtures__/write-large-rollout.js";
import { writeRealTextRollout } from "./__fixtures__/write-real-text-rollout.js";
import { inspectRollout } from "./inspect-rollout.js";

// The goal: `ctx inspect` within three times a loop that only parses each line of the same file
// as JSON; compare the two rows of each rollout. Two rollouts: a generated one of short texts
// (40,000 turns, 39 MB), where reading and summing cost most, and one of the real Codex
// rollouts' texts repeated to 100 MB, where counting tokens cost most.
//
// The history: at 40,000 turns, in six paired runs on this project's busy machine, the parse
// loop took 0.8–2.6 s and `inspectRollout` 6.9–20 s: between 4 and 9 times. Reading lines a chunk
// at a time, changing sums in place and finding ASCII pieces by hand brought it to 3.8 times
// (1.80–1.90 s against 0.48–0.50 s, load 3.5–6.5). Counting tokens on the UTF-8 bytes with
// tables of recent pieces (see `createO200kCounter` of @ctx/session) then took the real texts
// from 5.23 s (mean of 3; 7.6 times a 0.69 s parse loop; load 7.5) to 3.43 s (4.7 times 0.73 s;
// load 4.4–4.9), and left the generated rollout where it was (1.85 s, then 1.87 s; 2.4 and 3.8
// times a parse loop of 0.76 and 0.49 s: that row moves with the load more than this one). The
// goal of 3 is not met: on the generated rollout reading, classifying and summing 240,000 items
// cost about three parse loops before any token is counted; on the real texts the tokenizer
// still takes about half the time.
const folder = mkdtempSync(join(tmpdir(), "ctx-inspect-bench-"));
const generated = join(folder, "generated.jsonl");
await writeLargeRollout(generated, planLargeRollout(benchSize(40_000, 48)));
const realText = join(folder, "real-text.jsonl");
await writeRealTextRollout(realText, benchSize(100_000_000, 1_000_000));
// The rollouts take 140 MB: gone once the bench ends.
afterAll(() => rmSync(folder, { recursive: true, force: true }));
// The tokenizer's table loads once per process, before either is timed.
const tokenizer = await loadDefaultTokenizer();

for (const [name, path] of [
  ["a generated rollout (39 MB)", generated],
  ["a rollout of real texts (100 MB)", realText],
] as const) {
  describe(`ctx inspect on ${name}`, () => {
    bench(
      "a loop that parses each line as JSON",
      () => {
        for (const line of readFileSync(path, "utf8").split("\n")) {
          if (line !== "") JSON.parse(line);
        }
      },
      benchOptions({ iterations: 3 }),
    );

    bench(
      "inspectRollout, counting every text",
      async () => void (await inspectRollout(path, { tokenizer })),
      benchOptions({ iterations: 3 }),
    );
  });
}
