// @ts-check
// The JSON reports that every workspace package with a Vitest config leaves at
// `.vitest/results.json` (see tooling/vitest), and an adapter's second one from its run against
// the oldest SDK versions it supports (`.vitest/results-oldest-sdk.json`), added up for `.ci/run`.
//
//   node scripts/vitest-reports.mjs clean     removes every report, so none is left from before
//   node scripts/vitest-reports.mjs summary   prints "N passed, N failed, N skipped"; exits 1 when
//                                             a test failed or a package has no report
//
// A package whose report is missing or whose run found no test file, and a test file that failed
// to load or failed outside its tests, is named on a line of its own and counted as one failure.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { workspacePackages } from "./workspace-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tested = workspacePackages(root).filter((entry) =>
  readdirSync(entry.directory).some((file) => /^vitest\.config\.[cm]?[jt]s$/.test(file)),
);
const reportOf = (/** @type {string} */ directory) => join(directory, ".vitest", "results.json");
const oldestSdkReportOf = (/** @type {string} */ directory) =>
  join(directory, ".vitest", "results-oldest-sdk.json");

const command = process.argv[2];
if (command === "clean") {
  for (const entry of tested)
    rmSync(join(entry.directory, ".vitest"), { recursive: true, force: true });
} else if (command === "summary") {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const entry of tested) {
    const where = relative(root, entry.directory);
    const report = reportOf(entry.directory);
    if (!existsSync(report)) {
      console.log(`::: no test report for ${where}`);
      failed += 1;
      continue;
    }
    const reports = [report, oldestSdkReportOf(entry.directory)].filter(existsSync);
    for (const path of reports) {
      /** @type {{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; testResults: { name: string; status: string; assertionResults: { status: string }[] }[] }} */
      const results = JSON.parse(readFileSync(path, "utf8"));
      passed += results.numPassedTests;
      failed += results.numFailedTests;
      skipped += results.numPendingTests + results.numTodoTests;
      if (results.testResults.length === 0) {
        console.log(`::: no test files in ${where}`);
        failed += 1;
      }
      // A test file that failed to load, or whose suite failed outside any test (an empty
      // describe, a failing hook), fails with no failed test in it: count it once and name it.
      for (const file of results.testResults) {
        if (file.status !== "failed") continue;
        if (file.assertionResults.some((test) => test.status === "failed")) continue;
        console.log(`::: ${relative(root, file.name)} failed outside its tests`);
        failed += 1;
      }
    }
  }
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed > 0 ? 1 : 0);
} else {
  console.error("usage: node scripts/vitest-reports.mjs clean|summary");
  process.exit(2);
}
