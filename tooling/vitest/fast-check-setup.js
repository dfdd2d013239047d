// @ts-check
import fc from "fast-check";

/**
 * Settings for every fast-check property in every @ctx package, applied before each test file.
 *
 * - `numRuns`: 100 cases unless a test declares its own count. Each property is written to run
 *   its cases in well under a second on an idle machine.
 * - `interruptAfterTimeLimit`: a property stops generating new cases after 10 s, a third of the
 *   test time limit, so a machine a hundred times slower than usual ends it with fewer cases
 *   rather than a Vitest timeout. A counterexample found before then still fails the test, and
 *   its shrinking is cut short there too, so the report comes back instead of a timeout.
 * - `markInterruptAsFailure: false`: running fewer cases on a loaded machine is not a failure;
 *   only a counterexample is.
 */
fc.configureGlobal({
  numRuns: 100,
  interruptAfterTimeLimit: 10_000,
  markInterruptAsFailure: false,
});
