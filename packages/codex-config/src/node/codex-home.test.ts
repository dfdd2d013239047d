import { describe, expect, it } from "vitest";
import { CodexConfigError } from "../codex-config-error.js";
import { codexHome } from "./codex-home.js";

describe("codexHome", () => {
  it("takes CODEX_HOME against the working directory, else ~/.codex", () => {
    expect(codexHome({ env: { CODEX_HOME: "ch", HOME: "/h" }, cwd: "/w" })).toEqual({
      path: "/w/ch",
      source: "environment",
    });
    expect(codexHome({ env: { HOME: "/h" }, cwd: "/w" })).toEqual({
      path: "/h/.codex",
      source: "default",
    });
    expect(codexHome({ env: { CODEX_HOME: "", HOME: "/h" }, cwd: "/w" }).source).toBe("default");
  });

  it("refuses an environment of the wrong kind", () => {
    expect(() => codexHome({ env: {}, cwd: "" })).toThrow(CodexConfigError);
  });
});
