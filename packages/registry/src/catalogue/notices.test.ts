import type { FragmentKind } from "@ctx/fragments";
import { describe, expect, it } from "vitest";
import {
  approvedCommandPrefixSaved,
  hookAdditionalContext,
  networkRuleSaved,
  pluginInstructions,
  tokenBudgetReminder,
  tokensLeft,
} from "./one-shot-notices.js";

describe("one-shot notices", () => {
  const notices = [
    approvedCommandPrefixSaved,
    networkRuleSaved,
    tokensLeft,
    tokenBudgetReminder,
    hookAdditionalContext,
    pluginInstructions,
  ];

  it("give up recognition: no markers, never matched", () => {
    for (const notice of notices as FragmentKind<unknown>[]) {
      expect(notice.markers).toBeNull();
      for (const example of notice.examples)
        expect(notice.matches(notice.create(example).render())).toBe(false);
    }
  });

  it("list the approved prefixes after a header ending in a colon", () => {
    expect(
      approvedCommandPrefixSaved.create({ prefixes: ["npm test", "git status"] }).render(),
    ).toMatch(/^[^\n]+:\n- `npm test`\n- `git status`$/);
  });

  it("name the decision, host and list of a saved network rule", () => {
    const allowed = networkRuleSaved.create({ decision: "allow", host: "example.com" }).render();
    expect(allowed).toContain("`Allowed`");
    expect(allowed).toContain("`example.com`");
    expect(allowed).toContain("`allowlist`");
    expect(networkRuleSaved.create({ decision: "deny", host: "x" }).render()).toContain(
      "`denylist`",
    );
  });

  it("report the tokens left, or that the number is unknown", () => {
    expect(tokensLeft.create({ remaining: 1234 }).render()).toContain("1234");
    expect(tokensLeft.create({}).render()).not.toMatch(/\d/);
  });

  it("fill the reminder template", () => {
    expect(
      tokenBudgetReminder
        .create({ template: "{n_remaining} left ({n_remaining})", remaining: 7 })
        .render(),
    ).toBe("7 left (7)");
  });

  it("pass hook and plugin text through verbatim", () => {
    expect(hookAdditionalContext.create({ text: "a\nb" }).render()).toBe("a\nb");
    expect(pluginInstructions.create({ text: "p" }).render()).toBe("p");
  });
});
