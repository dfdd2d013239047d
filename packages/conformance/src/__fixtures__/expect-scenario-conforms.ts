import { expect } from "vitest";
import type { Deviation } from "../deviations.js";
import { runScenario } from "../run-scenario.js";
import type { Scenario } from "../scenario.js";
import { judgeScenario } from "../verdict.js";

/**
 * Runs `scenario` through the Codex CLI and through @ctx and checks that every difference is
 * explained by `deviations` and that every row that names it is still needed.
 */
export async function expectScenarioConforms(
  scenario: Scenario,
  deviations: readonly Deviation[],
): Promise<void> {
  const verdict = judgeScenario(await runScenario(scenario), deviations);
  expect(verdict.unexplained.map((check) => `${check.check}: ${check.detail}`)).toEqual([]);
  expect(verdict.stale).toEqual([]);
  expect(verdict.matched.length).toBeGreaterThan(0);
}
