import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyFlowCounts, runSurvivalSteps } from "../__fixtures__/survival-property.js";
import { flowExamples, sessions } from "../__fixtures__/survival-steps.js";

describe("the survival contract over random sessions", () => {
  it("reaches each flow with the sessions written for it", async () => {
    const flows = emptyFlowCounts();
    for (const steps of flowExamples) await runSurvivalSteps(steps, flows);
    for (const [flow, count] of Object.entries(flows)) expect(count, flow).toBeGreaterThan(0);
  });

  it("keeps exactly the injected context the contract says through every compaction, resume, fork and rollback", async () => {
    const flows = emptyFlowCounts();
    await fc.assert(
      fc.asyncProperty(sessions, (steps) => runSurvivalSteps(steps, flows)),
      { numRuns: 100, examples: flowExamples.map((steps) => [steps]) },
    );
    // The random sessions reach every flow too (about 20 compactions of each kind a run).
    expect(Object.values(flows).filter((count) => count > 0).length).toBeGreaterThan(5);
  });
});
