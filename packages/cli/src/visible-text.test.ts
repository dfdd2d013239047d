import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { controlOtherThanNewline, hostileText } from "./__fixtures__/hostile-text.js";
import { visibleText } from "./visible-text.js";

describe("visibleText", () => {
  it("leaves no control character, newlines and tabs included, on one line", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const shown = visibleText(text);
        expect(shown).not.toMatch(controlOtherThanNewline);
        expect(shown).not.toContain("\n");
      }),
    );
  });

  it("keeps newlines and tabs, and only them, in a body of lines", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const shown = visibleText(text, "keep");
        expect(shown.replaceAll("\t", "")).not.toMatch(controlOtherThanNewline);
        expect(shown.split("\n")).toHaveLength(text.split("\n").length);
      }),
    );
  });

  it("writes each control character as JSON writes it, so a JSON string keeps its value", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const json = JSON.stringify(text.replaceAll("\\", "").replaceAll('"', ""));
        expect(JSON.parse(visibleText(json))).toBe(JSON.parse(json));
        const bare = text.replaceAll("\\", "").replaceAll('"', "");
        expect(JSON.parse(`"${visibleText(bare)}"`)).toBe(bare);
      }),
    );
  });

  it("leaves text without control characters as it is", () => {
    expect(visibleText("café ✓ \u00a0 /home/ada")).toBe("café ✓ \u00a0 /home/ada");
    expect(visibleText("\u001b]52;c;aGk=\u0007")).toBe("\\u001b]52;c;aGk=\\u0007");
    expect(visibleText("a\tb\r\n\u009b")).toBe("a\\tb\\r\\n\\u009b");
  });
});
