import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ConformanceError } from "./conformance-error.js";

/** One explained difference: a check, the scenarios it covers (`*` for all) and why @ctx differs. */
export interface Deviation {
  readonly check: string;
  readonly scenarios: readonly string[];
  readonly reason: string;
}

/** `DEVIATIONS.md` of this package. */
export const deviationsPath = join(import.meta.dirname, "..", "DEVIATIONS.md");

/**
 * The rows of the table in `DEVIATIONS.md` (`| check | scenarios | reason |`): the one list of
 * differences that are meant, read by the runner so the document and the verdict cannot drift.
 *
 * @throws {ConformanceError} when a row does not have three cells.
 */
export async function loadDeviations(path: string = deviationsPath): Promise<Deviation[]> {
  const rows = (await readFile(path, "utf8"))
    .split("\n")
    .filter(
      (line) => line.startsWith("| ") && !line.startsWith("| check ") && !line.startsWith("| ---"),
    );
  return rows.map((row) => {
    const cells = row
      .slice(1, -1)
      .split(" | ")
      .map((cell) => cell.trim());
    const [check, scenarios, reason] = cells;
    if (
      cells.length !== 3 ||
      check === undefined ||
      scenarios === undefined ||
      reason === undefined
    ) {
      throw new ConformanceError(
        "invalid-scenario",
        `DEVIATIONS.md: a row needs three cells: ${row}`,
      );
    }
    return {
      check: check.replaceAll("`", ""),
      scenarios: scenarios.split(",").map((name) => name.replaceAll("`", "").trim()),
      reason,
    };
  });
}

/** The deviation that explains a difference of `check` in `scenario`, if one does. */
export function findDeviation(
  deviations: readonly Deviation[],
  scenario: string,
  check: string,
): Deviation | undefined {
  return deviations.find(
    (deviation) =>
      deviation.check === check &&
      (deviation.scenarios.includes("*") || deviation.scenarios.includes(scenario)),
  );
}
