import { describe, expect, it } from "vitest";
import { legacyFragments } from "./legacy-fragments.js";

function recogniser(type: string) {
  const found = legacyFragments.find((entry) => entry.type === type);
  if (found === undefined) throw new Error(`no legacy recogniser ${type}`);
  return found;
}

describe("legacyFragments", () => {
  it("recognises the old user instructions wrapper", () => {
    expect(
      recogniser("user_instructions").matches("<user_instructions>\nold\n</user_instructions>"),
    ).toBe(true);
  });

  it("recognises the old token budget by its developer prefix alone", () => {
    const tokenBudget = recogniser("token_budget");
    expect(tokenBudget.role).toBe("developer");
    expect(tokenBudget.matches("<TOKEN_BUDGET>\n12 left")).toBe(true);
  });

  it("recognises goal context case-sensitively, as the reference does", () => {
    const goal = recogniser("goal_context");
    expect(goal.matches("\n<goal_context>ship it</goal_context>\n")).toBe(true);
    expect(goal.matches("<GOAL_CONTEXT>ship it</GOAL_CONTEXT>")).toBe(false);
    expect(goal.matches("<goal_context>")).toBe(false);
  });

  it("recognises the three old warnings by structure, not prose", () => {
    expect(
      recogniser("legacy_apply_patch_exec_warning").matches(
        "Warning: apply_patch went through the shell.\nPlease use the tool, not exec_command.",
      ),
    ).toBe(true);
    expect(
      recogniser("legacy_model_mismatch_warning").matches(
        "Warning: this account was flagged (high-risk).",
      ),
    ).toBe(true);
    expect(
      recogniser("legacy_unified_exec_process_limit_warning").matches(
        "Warning: too many unified exec processes are open.",
      ),
    ).toBe(true);
  });

  it("leaves an ordinary message that starts with a warning alone", () => {
    for (const entry of legacyFragments) {
      expect(entry.matches("Warning: the build is red, please look.")).toBe(false);
    }
  });
});
