import { describe, expect, it } from "vitest";
import { defineLegacyFragment } from "./legacy-fragment.js";

describe("defineLegacyFragment", () => {
  it("recognises by both markers by default", () => {
    const legacy = defineLegacyFragment({
      type: "user_instructions",
      role: "user",
      markers: { start: "<user_instructions>", end: "</user_instructions>" },
    });
    expect(legacy.matches("<USER_INSTRUCTIONS>\nold\n</user_instructions>")).toBe(true);
    expect(legacy.matches("<user_instructions>\nold")).toBe(false);
    expect(legacy.prefix).toBe("<user_instructions>");
  });

  it("uses a custom recogniser and has no prefix then", () => {
    const legacy = defineLegacyFragment({
      type: "custom",
      role: "user",
      matches: (text) => text === "x",
    });
    expect(legacy.matches("x")).toBe(true);
    expect(legacy.prefix).toBeUndefined();
  });
});
