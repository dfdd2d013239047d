import { describe, expect, it } from "vitest";
import { expectScenarioConforms } from "./__fixtures__/expect-scenario-conforms.js";
import { loadDeviations } from "./deviations.js";
import { loadScenarios } from "./scenario.js";

const scenarios = await loadScenarios();
const deviations = await loadDeviations();

/**
 * Every eighth scenario, the one that lists skills (no other shows Codex's skill discovery), and
 * those of a Codex configuration (profiles, trust, overrides: first turns, quick): each runs the
 * real Codex CLI; scenarios.soak.test.ts runs them all.
 */
const sampled = scenarios.filter(
  (scenario, index) =>
    index % 8 === 0 ||
    scenario.name === "skills-user-and-repo" ||
    scenario.codexConfig !== undefined,
);

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

  it.each(sampled.map((scenario) => [scenario.name, scenario] as const))(
    "%s: every difference explained by DEVIATIONS.md, and every row of it still needed",
    (_, scenario) => expectScenarioConforms(scenario, deviations),
    60_000,
  );
});
