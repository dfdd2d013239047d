// Resumes one session in a fresh process and prints what it cost, so the peak memory measured
// is the resume's (plus Node's and the loader's), not the bench's that built the log.
import { createJsonlRolloutStore } from "../src/index.js";

const [directory = "", sessionId = "", runs = "5"] = process.argv.slice(2);
const store = createJsonlRolloutStore(directory);
const baselineRss = process.memoryUsage().rss;
const times: number[] = [];
let records = 0;
let bytes = 0;
for (let run = 0; run < Number(runs); run += 1) {
  const started = performance.now();
  const read = await store.read(sessionId);
  times.push(performance.now() - started);
  records = read.records.length;
  bytes = read.records.reduce((total, record) => total + JSON.stringify(record).length, 0);
}
await store.close();
times.sort((left, right) => left - right);
process.stdout.write(
  `${JSON.stringify({
    firstMs: times.length > 0 ? undefined : 0,
    medianMs: times[Math.floor(times.length / 2)],
    slowestMs: times.at(-1),
    records,
    bytes,
    baselineRssMB: baselineRss / 2 ** 20,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  })}\n`,
);
