import { describe, expect, it } from "vitest";
import { loadDeviations } from "./deviations.js";
import { runScenario } from "./run-scenario.js";
import { loadScenarios } from "./scenario.js";
import { judgeScenario } from "./verdict.js";

const scenarios = await loadScenarios();
const deviations = await loadDeviations();

describe("@ctx against Codex CLI 0.171.0", () => {
  it("has at least 40 scenarios", () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(40);
  });

  it("names only existing scenarios in DEVIATIONS.md", () => {
    const names = new Set(scenarios.map((scenario) => scenario.name));
    for (const deviation of deviations) {
      for (const name of deviation.scenarios) expect(name === "*" || names.has(name)).toBe(true);
    }
  });

  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    "%s: every difference explained by DEVIATIONS.md, and every row of it still needed",
    async (_, scenario) => {
      const verdict = judgeScenario(await runScenario(scenario), deviations);
      expect(verdict.unexplained.map((check) => `${check.check}: ${check.detail}`)).toEqual([]);
      expect(verdict.stale).toEqual([]);
      expect(verdict.matched.length).toBeGreaterThan(0);
    },
    60_000,
  );
});
