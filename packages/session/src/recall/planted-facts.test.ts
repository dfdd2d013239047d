import { describe, expect, it } from "vitest";
import { findPlantedFacts, plantedSession } from "../__fixtures__/planted-session.js";

describe("planted facts across three compactions", () => {
  it("keeps every fact of a 200-turn session in the typed state or exactly recallable", async () => {
    const planted = await plantedSession(200, 200);
    expect(planted.compactions).toBe(3);
    const found = await findPlantedFacts(planted);
    expect(Object.values(found).filter((source) => source === "lost")).toEqual([]);
    // The fallback summarizer records no decisions: recall reads the model's words back.
    expect(found).toMatchObject({ decision: "recall", pendingCall: "state", todo: "state" });
  }, 60_000);
});
