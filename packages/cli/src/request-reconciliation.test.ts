import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { describe, expect, it } from "vitest";
import { inspectRollout } from "./inspect-rollout.js";
import { ReconciliationTally, reconcile } from "./request-reconciliation.js";

describe("reconcile", () => {
  it("explains an excess within the reasoning summaries counted, and flags a larger one", () => {
    expect(reconcile(900, 1_000, 50)).toBeUndefined();
    expect(reconcile(1_040, 1_000, 50)).toEqual({ over: 40, reasoning: 50, explained: true });
    expect(reconcile(1_080, 1_000, 50)).toEqual({ over: 80, reasoning: 50, explained: false });
  });

  it("warns once for the excess, and names the unexplained requests apart", () => {
    const tally = new ReconciliationTally();
    tally.take(1, undefined);
    tally.take(2, reconcile(1_040, 1_000, 50));
    tally.take(3, reconcile(1_080, 1_000, 50));
    const warnings = tally.warnings();
    expect(warnings.map((warning) => warning.code)).toEqual([
      "count-over-reported",
      "count-over-reported-unexplained",
    ]);
    expect(warnings[0]?.message).toContain("2 of 3 reported requests");
    expect(warnings[1]?.message).toContain("request 3: 80 over, 50 of reasoning summaries");
    expect(new ReconciliationTally().warnings()).toEqual([]);
  });
});

describe("the count against the provider's report, on the real Codex rollouts", () => {
  it("never counts more input than the provider reported: tool calls are counted by their words, not their JSON", async () => {
    for (const name of codexRolloutNames) {
      const inspection = await inspectRollout(codexRolloutPath(name));
      const over = inspection.requests.filter(
        (request) => request.reported !== undefined && request.tokens > request.reported.input,
      );
      expect({ name, over: over.map((request) => request.index) }).toEqual({ name, over: [] });
      expect(
        inspection.warnings.filter((warning) => warning.code.startsWith("count-over")),
      ).toEqual([]);
    }
  });
});
