import { describe, it } from "vitest";
import { expectLargeInspection } from "./__fixtures__/expect-large-inspection.js";

describe("ctx inspect on a large rollout, full size", () => {
  it("reports 240,002 items right, read as a stream, and cuts the timeline with a note", async () => {
    await expectLargeInspection(40_000);
  });
});
