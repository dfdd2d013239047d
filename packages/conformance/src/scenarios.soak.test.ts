import { describe, it } from "vitest";
import { expectScenarioConforms } from "./__fixtures__/expect-scenario-conforms.js";
import { loadDeviations } from "./deviations.js";
import { loadScenarios } from "./scenario.js";

const scenarios = await loadScenarios();
const deviations = await loadDeviations();

describe("@ctx against Codex CLI 0.171.0, every scenario", () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    "%s: every difference explained by DEVIATIONS.md, and every row of it still needed",
    (_, scenario) => expectScenarioConforms(scenario, deviations),
  );
});
