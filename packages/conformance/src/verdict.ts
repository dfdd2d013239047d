import type { CheckResult } from "./check-result.js";
import { type Deviation, findDeviation } from "./deviations.js";
import type { ScenarioResult } from "./run-scenario.js";

/** One scenario's line of the table. */
export interface ScenarioVerdict {
  readonly name: string;
  readonly matched: readonly string[];
  /** Differences that `DEVIATIONS.md` explains. */
  readonly explained: readonly string[];
  readonly unexplained: readonly CheckResult[];
  /** Rows of `DEVIATIONS.md` naming this scenario whose check no longer differs: remove them. */
  readonly stale: readonly string[];
}

/**
 * Sorts each check of a scenario into matched, explained and unexplained, and finds the
 * rows of `DEVIATIONS.md` for this scenario that explain nothing any more.
 */
export function judgeScenario(
  result: ScenarioResult,
  deviations: readonly Deviation[],
): ScenarioVerdict {
  const name = result.scenario.name;
  const differ = result.checks.filter((check) => check.outcome === "differ");
  return {
    name,
    matched: result.checks.filter((check) => check.outcome === "match").map((check) => check.check),
    explained: differ
      .filter((check) => findDeviation(deviations, name, check.check) !== undefined)
      .map((check) => check.check),
    unexplained: differ.filter(
      (check) => findDeviation(deviations, name, check.check) === undefined,
    ),
    stale: deviations
      .filter(
        (deviation) =>
          deviation.scenarios.includes(name) &&
          result.checks.some(
            (check) => check.check === deviation.check && check.outcome === "match",
          ),
      )
      .map((deviation) => deviation.check),
  };
}

/** The table `pnpm conformance` prints: scenario, matched checks, differing checks (explained ones marked). */
export function formatTable(verdicts: readonly ScenarioVerdict[]): string {
  const rows = verdicts.map((verdict) => [
    verdict.name,
    String(verdict.matched.length),
    [
      ...verdict.unexplained.map((check) => `${check.check} (UNEXPLAINED)`),
      ...verdict.stale.map((check) => `${check} (STALE DEVIATION: it matches now)`),
      ...verdict.explained.map((check) => `${check} (deviation)`),
    ].join(", ") || "-",
  ]);
  const header = ["scenario", "matched", "differed"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 2 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  ");
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join(
    "\n",
  );
}
