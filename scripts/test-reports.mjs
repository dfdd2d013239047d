// @ts-check
// Reading the JSON reports that each workspace package's Vitest run leaves in `.vitest/` (see
// tooling/vitest): `results.json` from `pnpm test`, `soak.json` from `pnpm soak`. Used by
// `scripts/vitest-reports.mjs` (what `.ci/run` adds up) and `scripts/run-tests.mjs` (`pnpm test`).
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { errorsFile } from "../tooling/vitest/unhandled-errors-reporter.js";
import { workspacePackages } from "./workspace-packages.mjs";

/** The report file of each kind of run. */
export const reportFiles = { test: "results.json", soak: "soak.json" };

/**
 * The report of an adapter's second `pnpm test` run, against the oldest SDK versions its peer
 * ranges allow (`CTX_SDK=oldest`); it counts as part of the package's `test` report.
 */
export const oldestSdkReportFile = "results-oldest-sdk.json";

/**
 * The counts of one or more reports, and a line for each failure that the counts alone would not
 * name: a failed test (its file and name), a test file that failed outside its tests, a missing
 * report.
 * @typedef {object} Tally
 * @property {number} passed
 * @property {number} failed
 * @property {number} skipped
 * @property {string[]} lines
 */

/** @returns {Tally} */
export function emptyTally() {
  return { passed: 0, failed: 0, skipped: 0, lines: [] };
}

/**
 * The workspace packages that have a Vitest config, so a test report.
 * @param {string} root the workspace root
 */
export function testedPackages(root) {
  return workspacePackages(root).filter((entry) =>
    readdirSync(entry.directory).some((file) => /^vitest\.config\.[cm]?[jt]s$/.test(file)),
  );
}

/**
 * Removes the reports of every kind in `directory`, so none is left from an earlier run.
 * @param {string} directory a package directory
 */
export function removeReports(directory) {
  rmSync(join(directory, ".vitest"), { recursive: true, force: true });
}

/**
 * Adds the report of kind `kind` in the package at `directory` to `tally`. A missing report, a
 * run that found no test file, and a test file that failed to load or failed outside its tests
 * each count as one failure; every failure gets a line.
 * @param {Tally} tally
 * @param {string} root the workspace root, for the paths the lines show
 * @param {string} directory the package directory
 * @param {keyof typeof reportFiles} kind
 * @returns {boolean} whether the report was there
 */
export function addReport(tally, root, directory, kind) {
  const where = relative(root, directory);
  const report = join(directory, ".vitest", reportFiles[kind]);
  if (!existsSync(report)) return false;
  addResults(tally, root, where, report);
  const oldest = join(directory, ".vitest", oldestSdkReportFile);
  if (kind === "test" && existsSync(oldest)) addResults(tally, root, where, oldest);
  return true;
}

/**
 * Adds one report file to `tally`.
 * @param {Tally} tally
 * @param {string} root the workspace root, for the paths the lines show
 * @param {string} where the package directory, relative to `root`
 * @param {string} report the report's path
 */
function addResults(tally, root, where, report) {
  /** @type {{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; testResults: { name: string; status: string; message?: string; assertionResults: { status: string; title: string; ancestorTitles: string[]; failureMessages?: string[] }[] }[] }} */
  const results = JSON.parse(readFileSync(report, "utf8"));
  tally.passed += results.numPassedTests;
  tally.failed += results.numFailedTests;
  tally.skipped += results.numPendingTests + results.numTodoTests;
  if (results.testResults.length === 0) {
    tally.lines.push(`::: no test files in ${where}`);
    tally.failed += 1;
  }
  for (const file of results.testResults) {
    if (file.status !== "failed") continue;
    const path = relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) {
      const reason = firstLine(test.failureMessages?.[0]);
      tally.lines.push(`::: failed: ${[path, ...test.ancestorTitles, test.title].join(" > ")}`);
      if (reason) tally.lines.push(`:::   ${reason}`);
    }
    // A test file that failed to load, or whose suite failed outside any test (an empty
    // describe, a failing hook), fails with no failed test in it: count it once and name it.
    if (failedTests.length === 0) {
      const reason = firstLine(file.message);
      tally.lines.push(`::: ${path} failed outside its tests${reason ? `: ${reason}` : ""}`);
      tally.failed += 1;
    }
  }
  // An error outside every test fails the run but is in no count of the report.
  const errors = errorsFile(report);
  if (existsSync(errors)) {
    /** @type {{ message?: string }[]} */
    const unhandled = JSON.parse(readFileSync(errors, "utf8"));
    for (const error of unhandled) {
      const reason = firstLine(error.message);
      tally.lines.push(`::: ${where}: an error outside every test${reason ? `: ${reason}` : ""}`);
      tally.failed += 1;
    }
  }
}

/**
 * The first line of a failure message, cut to 160 characters, so a log names why as well as what.
 * @param {string | undefined} message
 */
function firstLine(message) {
  return (message ?? "").split("\n")[0]?.slice(0, 160) ?? "";
}

/**
 * The closing line of a test run.
 * @param {Tally} tally
 */
export function summaryLine(tally) {
  return `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
}
