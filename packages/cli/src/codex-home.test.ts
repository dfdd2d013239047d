import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codexHome } from "./codex-home.js";

describe("codexHome", () => {
  it("is $CODEX_HOME when set, against the folder, else .codex in $HOME, else in the user's home", () => {
    const cwd = "/work";
    expect(codexHome({ env: { CODEX_HOME: "/srv/codex", HOME: "/home/ada" }, cwd })).toEqual({
      path: "/srv/codex",
      source: "environment",
    });
    expect(codexHome({ env: { CODEX_HOME: "codex" }, cwd }).path).toBe("/work/codex");
    expect(codexHome({ env: { HOME: "/home/ada" }, cwd })).toEqual({
      path: "/home/ada/.codex",
      source: "default",
    });
    expect(codexHome({ env: {}, cwd }).path).toBe(join(homedir(), ".codex"));
  });
});
