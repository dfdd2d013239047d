// @ts-check
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * The file of the unhandled errors of the run whose JSON report is `report`.
 * @param {string} report a JSON report's path, ending `.json`
 */
export function errorsFile(report) {
  return report.replace(/\.json$/, ".errors.json");
}

/**
 * A Vitest reporter that leaves the run's unhandled errors (an unhandled rejection, an error
 * thrown after its test ended) in a JSON file beside the run's report, and no file when there were
 * none. Vitest fails such a run, but its JSON report counts tests only, so without this file the
 * closing count of `pnpm test` and `.ci/run` would show a failed run as all passed.
 */
export class UnhandledErrorsReporter {
  /** @type {string} */
  #file;

  /** @param {string} file the file's path, relative to the project's root */
  constructor(file) {
    this.#file = file;
  }

  /** @param {{ config: { root: string } }} vitest */
  onInit(vitest) {
    this.#file = resolve(vitest.config.root, this.#file);
    rmSync(this.#file, { force: true });
  }

  /**
   * @param {unknown} _modules
   * @param {ReadonlyArray<{ name?: string; message?: string; stack?: string }>} errors
   */
  onTestRunEnd(_modules, errors) {
    if (errors.length === 0) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    const written = errors.map(({ name, message, stack }) => ({ name, message, stack }));
    writeFileSync(this.#file, `${JSON.stringify(written, null, 2)}\n`);
  }
}
