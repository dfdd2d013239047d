// @ts-check
// The JSON reports that every workspace package with a Vitest config leaves in `.vitest/` (see
// tooling/vitest and scripts/test-reports.mjs), added up for `.ci/run`; an adapter's `test` kind
// includes its run against the oldest SDK versions it supports.
//
//   node scripts/vitest-reports.mjs clean            removes every report, so none is left from
//                                                    before
//   node scripts/vitest-reports.mjs summary [kinds]  names each failed test, then prints
//                                                    "N passed, N failed, N skipped"; exits 1 when a
//                                                    test failed or a report is missing
//
// `kinds` are `test` (every package's `results.json`, from `pnpm test`) and `soak` (the
// `soak.json` of every package with a `soak` script, from `pnpm soak`); `test` when none is given.
// A missing report, a run that found no test file, and a test file that failed to load or failed
// outside its tests are each named on a line of their own and counted as one failure.
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  addReport,
  emptyTally,
  removeReports,
  reportFiles,
  summaryLine,
  testedPackages,
} from "./test-reports.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [command, ...given] = process.argv.slice(2);
const kinds = given.length === 0 ? ["test"] : given;

if (command === "clean" && given.length === 0) {
  for (const entry of testedPackages(root)) removeReports(entry.directory);
} else if (command === "summary" && kinds.every((kind) => Object.hasOwn(reportFiles, kind))) {
  const tally = emptyTally();
  for (const entry of testedPackages(root)) {
    for (const kind of /** @type {(keyof typeof reportFiles)[]} */ (kinds)) {
      const scripts = /** @type {Record<string, unknown>} */ (entry.manifest.scripts ?? {});
      if (kind === "soak" && typeof scripts.soak !== "string") continue;
      if (!addReport(tally, root, entry.directory, kind)) {
        tally.lines.push(`::: no ${kind} report for ${relative(root, entry.directory)}`);
        tally.failed += 1;
      }
    }
  }
  for (const line of tally.lines) console.log(line);
  console.log(summaryLine(tally));
  process.exit(tally.failed > 0 ? 1 : 0);
} else {
  console.error("usage: node scripts/vitest-reports.mjs clean | summary [test] [soak]");
  process.exit(2);
}
