import { describe, expect, it } from "vitest";
import { runScriptedSession } from "./scripted-session.js";

describe("a 50-turn scripted session with settings changes and tool calls", () => {
  it("begins every request with the previous request's input, and the explainer finds no break", async () => {
    const report = await runScriptedSession(50);
    expect(report.extendingPrevious).toBe(report.requests - 1);
    expect(report.breaks).toEqual([]);
    expect(report.updates).toBeGreaterThan(10);
  });
});
