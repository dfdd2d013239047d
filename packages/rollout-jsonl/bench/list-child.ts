// Lists sessions in a fresh process and prints what it cost: the first listing of a new store,
// with nothing of the index in memory, then the same listing again, as a warm store would.
import { createJsonlRolloutStore } from "../src/index.js";

const [directory = "", options = "{}", runs = "20"] = process.argv.slice(2);
const listOptions = JSON.parse(options) as Parameters<
  ReturnType<typeof createJsonlRolloutStore>["list"]
>[0];
const store = createJsonlRolloutStore(directory);
let started = performance.now();
const page = await store.list(listOptions);
const coldMs = performance.now() - started;
const times: number[] = [];
for (let run = 0; run < Number(runs); run += 1) {
  started = performance.now();
  await store.list(listOptions);
  times.push(performance.now() - started);
}
await store.close();
times.sort((left, right) => left - right);
process.stdout.write(
  `${JSON.stringify({
    coldMs,
    warmMedianMs: times[Math.floor(times.length / 2)] ?? Number.NaN,
    listed: page.sessions.length,
    cursor: page.cursor,
  })}\n`,
);
