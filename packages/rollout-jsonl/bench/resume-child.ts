// Resumes one session in a fresh process and prints what it cost, so the time and the peak memory
// measured are the resume's end to end (store open, read from the latest checkpoint, replay)
// plus Node's and the loader's, not the bench's that built the log. With `tokenizer-loaded`, the
// default tokenizer is loaded first and timed apart, as in a process that already ran a session;
// otherwise the first resume only starts its load (the first turn waits for it), as the first
// thing a new process does.
import { loadDefaultTokenizer, resumeSession } from "@ctx/session";
import { createJsonlRolloutStore } from "../src/index.js";

const [directory = "", sessionId = "", runs = "5", mode = "cold"] = process.argv.slice(2);
let tokenizerMs: number | undefined;
if (mode === "tokenizer-loaded") {
  const started = performance.now();
  await loadDefaultTokenizer();
  tokenizerMs = performance.now() - started;
}
const baselineRss = process.memoryUsage().rss;
const times: number[] = [];
let items = 0;
for (let run = 0; run < Number(runs); run += 1) {
  const started = performance.now();
  const store = createJsonlRolloutStore(directory);
  const session = await resumeSession(store, { sessionId });
  times.push(performance.now() - started);
  items = session.history().length;
  await store.close();
}
const later = times.slice(1).sort((left, right) => left - right);
process.stdout.write(
  `${JSON.stringify({
    tokenizerMs,
    firstMs: times[0],
    laterMedianMs: later[Math.floor(later.length / 2)],
    items,
    baselineRssMB: baselineRss / 2 ** 20,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  })}\n`,
);
