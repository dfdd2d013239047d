import { createMemoryFileSystem } from "@ctx/agents-md";
import { describe, expect, it } from "vitest";
import type { SkillsWarning } from "./skills-warning.js";
import { walkSkillsRoot } from "./walk-skills-root.js";

describe("walkSkillsRoot", () => {
  it("lists the SKILL.md files breadth first, passing over hidden names and other files", async () => {
    const fs = createMemoryFileSystem({
      "/skills/b/c/SKILL.md": "x",
      "/skills/a/SKILL.md": "x",
      "/skills/a/README.md": "x",
      "/skills/.hidden/SKILL.md": "x",
      "/skills/.SKILL.md": "x",
    });
    const warnings: SkillsWarning[] = [];
    expect(await walkSkillsRoot(fs, "/skills", warnings)).toEqual([
      "/skills/a/SKILL.md",
      "/skills/b/c/SKILL.md",
    ]);
    expect(warnings).toEqual([]);
  });

  it("gives undefined, quietly, for a root that is missing or not a folder", async () => {
    const fs = createMemoryFileSystem({ "/file": "x" });
    const warnings: SkillsWarning[] = [];
    expect(await walkSkillsRoot(fs, "/none", warnings)).toBeUndefined();
    expect(await walkSkillsRoot(fs, "/file", warnings)).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});
