import { describe, expect, it } from "vitest";
import type { Deviation } from "./deviations.js";
import type { Scenario } from "./scenario.js";
import { formatTable, judgeScenario } from "./verdict.js";

const scenario = { name: "nested" } as const satisfies Pick<Scenario, "name">;
const deviations: Deviation[] = [
  { check: "agents-md", scenarios: ["nested"], reason: "guard" },
  { check: "layout", scenarios: ["nested"], reason: "gone" },
];

describe("judgeScenario", () => {
  it("explains listed differences, flags the others and the rows that match now", () => {
    const verdict = judgeScenario(
      {
        scenario: { ...scenario, description: "d", tree: [], home: [], cwd: ".", settings: {} },
        checks: [
          { check: "agents-md", outcome: "differ", detail: "x" },
          { check: "environment-context", outcome: "differ", detail: "y" },
          { check: "layout", outcome: "match", detail: "" },
        ],
      },
      deviations,
    );
    expect(verdict).toMatchObject({
      matched: ["layout"],
      explained: ["agents-md"],
      stale: ["layout"],
    });
    expect(verdict.unexplained.map((check) => check.check)).toEqual(["environment-context"]);
    const differed =
      "environment-context (UNEXPLAINED), layout (STALE DEVIATION: it matches now), agents-md (deviation)";
    expect(formatTable([verdict]).split("\n")).toEqual([
      "scenario  matched  differed",
      `--------  -------  ${"-".repeat(differed.length)}`,
      `nested    1        ${differed}`,
    ]);
  });
});
