import { describe, expect, it } from "vitest";
import { createStandardRegistry } from "../create-standard-registry.js";
import {
  codexNotWarningTexts,
  codexWarningTexts,
  ordinaryWarningSentences,
} from "./__fixtures__/warning-texts.js";
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

  it("recognises the old token budget by both markers, like every kind", () => {
    const tokenBudget = recogniser("token_budget");
    expect(tokenBudget.role).toBe("developer");
    expect(tokenBudget.matches("<TOKEN_BUDGET>\n12 left\n</token_budget>")).toBe(true);
    expect(tokenBudget.matches("<token_budget>\n12 left")).toBe(false);
  });

  it("recognises goal context case-sensitively, as the reference does", () => {
    const goal = recogniser("goal_context");
    expect(goal.matches("\n<goal_context>ship it</goal_context>\n")).toBe(true);
    expect(goal.matches("<GOAL_CONTEXT>ship it</GOAL_CONTEXT>")).toBe(false);
    expect(goal.matches("<goal_context>")).toBe(false);
  });

  it.each(codexWarningTexts)("recognises $type in Codex's own test text", ({ type, text }) => {
    const registry = createStandardRegistry();
    expect(registry.classify("user", text)?.type).toBe(type);
  });

  it.each(codexNotWarningTexts)(
    "leaves what Codex's tests call no warning to the user: %j",
    (text) => {
      expect(createStandardRegistry().classify("user", text)).toBeUndefined();
    },
  );

  it.each(ordinaryWarningSentences)("leaves an ordinary message to the user: %j", (text) => {
    const registry = createStandardRegistry();
    expect(registry.classify("user", text)).toBeUndefined();
    expect(
      registry.isContextualUserMessage({
        type: "message",
        role: "user",
        content: [{ type: "input_text", text }],
      }),
    ).toBe(false);
  });

  it("reads a bounded part of a long text", () => {
    const long = `Warning: The maximum number of unified exec processes you can keep open is ${"6".repeat(2000)}.`;
    expect(recogniser("legacy_unified_exec_process_limit_warning").matches(long)).toBe(false);
  });
});
