import fc from "fast-check";
import { describe, it } from "vitest";
import { emptyFlowCounts, runSurvivalSteps } from "../__fixtures__/survival-property.js";
import { flowExamples, sessions } from "../__fixtures__/survival-steps.js";

describe("the survival contract over random sessions", () => {
  it("holds over 3,000 random sessions", async () => {
    const flows = emptyFlowCounts();
    await fc.assert(
      fc.asyncProperty(sessions, (steps) => runSurvivalSteps(steps, flows)),
      {
        numRuns: 3_000,
        examples: flowExamples.map((steps) => [steps]),
        interruptAfterTimeLimit: 20 * 60_000,
      },
    );
  });
});
