import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { runSurvivalSteps } from "../__fixtures__/survival-property.js";
import { flowExamples, sessions } from "../__fixtures__/survival-steps.js";
import type * as Reinjection from "./reinject-surviving-context.js";

// The survival property must catch a re-injection that breaks the contract: here the session's
// own re-injection step is replaced by broken ones, and the property has to fail on each.

type Reinject = typeof Reinjection.reinjectSurvivingContext;
const breakage: { current: ((real: Reinject) => Reinject) | undefined } = { current: undefined };

vi.mock("./reinject-surviving-context.js", async (importOriginal) => {
  const real = await importOriginal<typeof Reinjection>();
  const reinject: Reinject = (before, compacted, options) =>
    (breakage.current?.(real.reinjectSurvivingContext) ?? real.reinjectSurvivingContext)(
      before,
      compacted,
      options,
    );
  return { ...real, reinjectSurvivingContext: reinject };
});

/** Whether the property fails with the re-injection broken by `broken`. */
async function fails(broken: (real: Reinject) => Reinject, numRuns = 100): Promise<boolean> {
  breakage.current = broken;
  try {
    const result = await fc.check(
      fc.asyncProperty(sessions, (steps) => runSurvivalSteps(steps, {})),
      { numRuns, examples: flowExamples.map((steps) => [steps]) },
    );
    return result.failed;
  } finally {
    breakage.current = undefined;
  }
}

describe("the survival property against a broken re-injection", () => {
  it("passes with the real one", async () => {
    expect(await fails((real) => real, 20)).toBe(false);
  });

  it("fails when nothing is put back", async () => {
    expect(
      await fails(() => (_before, compacted) => ({ entries: [...compacted], warnings: [] })),
    ).toBe(true);
  });

  it("fails when the newest piece is left out", async () => {
    expect(
      await fails((real) => (before, compacted, options) => {
        const { entries, warnings } = real(before, compacted, options);
        return {
          entries: entries.length > compacted.length ? entries.slice(0, -1) : entries,
          warnings,
        };
      }),
    ).toBe(true);
  });

  it("fails when a kind that does not declare survival is put back", async () => {
    expect(
      await fails((real) => (before, compacted, options) => {
        const { entries, warnings } = real(before, compacted, options);
        const reminders = before.filter(
          ({ origin }) => origin.source === "context" && origin.kinds[0] === "reminder",
        );
        return { entries: [...entries, ...reminders], warnings };
      }),
    ).toBe(true);
  });
});
