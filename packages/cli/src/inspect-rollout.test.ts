import { mkdtemp, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { planLargeRollout, writeLargeRollout } from "./__fixtures__/write-large-rollout.js";
import { inspectRollout } from "./inspect-rollout.js";
import type { InspectedItem } from "./rollout-inspection.js";

describe("inspectRollout", () => {
  it("keeps requests and events up to their limits, counts the rest and warns", async () => {
    const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-inspect-rollout-")));
    const path = join(folder, "rollout.jsonl");
    const expected = await writeLargeRollout(path, planLargeRollout(80));
    const items: InspectedItem[] = [];
    const inspection = await inspectRollout(path, {
      requestLimit: 5,
      eventLimit: 3,
      onItem: (item) => {
        items.push(item);
      },
    });
    expect(inspection.requestCount).toBe(expected.requests);
    expect(inspection.requests.map((request) => request.index)).toEqual([1, 2, 3, 4, 5]);
    expect(inspection.eventCount).toBe(expected.events.length);
    expect(inspection.events.map(({ type, line }) => ({ type, line }))).toEqual(
      expected.events.slice(0, 3),
    );
    // The generated reports are arbitrary figures, below what the items count: flagged apart.
    const codes = inspection.warnings.map((warning) => warning.code);
    expect(codes.filter((code) => !code.startsWith("count-over-reported"))).toEqual([
      "events-left-out",
    ]);
    expect(items).toHaveLength(inspection.items);
    expect(items.filter((item) => item.kind === "user_intent")).toHaveLength(80);
  });

  it("refuses a limit that is not a positive integer", async () => {
    await expect(inspectRollout("rollout.jsonl", { eventLimit: 0 })).rejects.toThrow(
      "eventLimit must be a positive integer, not 0",
    );
  });
});
