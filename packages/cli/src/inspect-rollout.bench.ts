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
// at a time, changing sums in place and finding ASCII pieces by hand brought it to 3.8 times.
// Counting tokens on the UTF-8 bytes with tables of recent pieces (see `createO200kCounter` of
// @ctx/session) took the real texts from 7.6 to 4.7 times. Then, measured here with nothing else
// running (3.66 times on both rollouts before): blocking reads of a megabyte, a chunk's ASCII
// lines decoded at once, and items kept as JSON measured without writing their JSON
// (`measureKeptJson`) brought the generated rollout to 2.62–2.70 times (1.23–1.25 s against a
// 0.46–0.48 s loop) and the real texts to 3.11–3.24 times (2.38–2.47 s against 0.74–0.79 s, load
// 1–5). As the built `ctx inspect` runs, a process timed against a process that runs the loop,
// the real texts take 2.36–2.42 s against 0.77–0.78 s (3.05 times) and the generated rollout
// 1.45–1.50 s against 0.58 s (2.6 times). The goal is met on the generated rollout; on the real
// texts the tokenizer still takes half the time.
//
// `CTX_BENCH_INSPECT_TURNS` sets the generated rollout's turns (40,000 by default): 520,000 make
// 514 MB, the size issue 42 measured. There this bench gave 2.71 times (15.56 s against 5.73 s,
// load 1.2), and, as processes, the built command took 13.6–14.6 s against the loop's 6.2 s
// (2.2–2.35 times).
const folder = mkdtempSync(join(tmpdir(), "ctx-inspect-bench-"));
const generated = join(folder, "generated.jsonl");
const turns = benchSize(Number(process.env.CTX_BENCH_INSPECT_TURNS ?? 40_000), 48);
await writeLargeRollout(generated, planLargeRollout(turns));
const realText = join(folder, "real-text.jsonl");
await writeRealTextRollout(realText, benchSize(100_000_000, 1_000_000));
// The rollouts take 140 MB: gone once the bench ends.
afterAll(() => rmSync(folder, { recursive: true, force: true }));
// The tokenizer's table loads once per process, before either is timed.
const tokenizer = await loadDefaultTokenizer();

for (const [name, path] of [
  [`a generated rollout (${turns.toLocaleString("en")} turns)`, generated],
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
