import { describe, expect, it } from "vitest";
import { startsWithMarker } from "./starts-with-marker.js";

describe("startsWithMarker", () => {
  it("skips leading white space and folds ASCII case", () => {
    expect(
      startsWithMarker("\n  <PERMISSIONS INSTRUCTIONS>\nbody", "<permissions instructions>"),
    ).toBe(true);
  });

  it("looks at the front only", () => {
    expect(startsWithMarker("<model_switch>\nno end marker", "<model_switch>")).toBe(true);
    expect(startsWithMarker("text <model_switch>", "<model_switch>")).toBe(false);
  });

  it("never matches an empty marker", () => {
    expect(startsWithMarker("anything", "")).toBe(false);
  });
});
