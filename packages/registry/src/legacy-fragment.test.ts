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

  it("recognises by the start marker alone when asked", () => {
    const legacy = defineLegacyFragment({
      type: "token_budget",
      role: "developer",
      markers: { start: "<token_budget>", end: "</token_budget>" },
      prefixOnly: true,
    });
    expect(legacy.matches(" <token_budget>\n12 left")).toBe(true);
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
