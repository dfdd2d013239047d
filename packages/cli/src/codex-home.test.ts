import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codexHome } from "./codex-home.js";

describe("codexHome", () => {
  it("is $CODEX_HOME when set, else .codex in $HOME, else in the user's home", () => {
    expect(codexHome({ CODEX_HOME: "/srv/codex", HOME: "/home/ada" })).toBe("/srv/codex");
    expect(codexHome({ HOME: "/home/ada" })).toBe("/home/ada/.codex");
    expect(codexHome({})).toBe(join(homedir(), ".codex"));
  });
});
