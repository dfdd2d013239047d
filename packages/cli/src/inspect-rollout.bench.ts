import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDefaultTokenizer } from "@ctx/session";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
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
// (1.80–1.90 s against 0.48–0.50 s, load 3.5–6.5); the real texts were then 6.3–7.7 times (CPU,
// paired, load 20). Counting tokens on the UTF-8 bytes with tables of recent pieces (see
// `createO200kCounter` of @ctx/session) took the real texts' count from 3.9–4.3 s to 1.2–1.4 s of
// CPU. What this bench gave after, at load 15–20: see the commit that changed this comment.
const folder = mkdtempSync(join(tmpdir(), "ctx-inspect-bench-"));
const generated = join(folder, "generated.jsonl");
await writeLargeRollout(generated, planLargeRollout(benchSize(40_000, 48)));
const realText = join(folder, "real-text.jsonl");
await writeRealTextRollout(realText, benchSize(100_000_000, 1_000_000));
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
