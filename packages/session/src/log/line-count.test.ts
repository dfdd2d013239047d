import { describe, expect, it } from "vitest";
import { LineCount } from "./line-count.js";

describe("LineCount", () => {
  it("says nothing until a line is counted, then how many and the first", () => {
    const lines = new LineCount();
    expect(lines.warning("skipped", "Codex rollout", "were skipped")).toEqual([]);
    lines.note(7);
    lines.note(12);
    expect(lines.warning("skipped", "Codex rollout", "were skipped")).toEqual([
      {
        code: "skipped",
        message: "2 line(s) of the Codex rollout were skipped (the first at line 7)",
      },
    ]);
  });
});
