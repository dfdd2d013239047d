import { describe, expect, it } from "vitest";
import { issueLine } from "./issue-line.js";

describe("issueLine", () => {
  it("joins each issue as path: message, the message alone at the value itself", () => {
    expect(
      issueLine([
        { path: "", message: "expected object" },
        { path: "content[0].text", message: "expected string" },
      ]),
    ).toBe("expected object; content[0].text: expected string");
    expect(issueLine([])).toBe("");
  });
});
