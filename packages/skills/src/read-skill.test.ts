import { createMemoryFileSystem } from "@ctx/agents-md";
import { describe, expect, it } from "vitest";
import { readSkill } from "./read-skill.js";
import type { SkillsWarning } from "./skills-warning.js";

const root = { path: "/skills", scope: "user" } as const;
const skillText = "---\nname: tidy\ndescription: Tidy up.\n---\n";

describe("readSkill", () => {
  it("reads a skill, and its policy from agents/openai.yaml", async () => {
    const fs = createMemoryFileSystem({
      "/skills/tidy/SKILL.md": skillText,
      "/skills/tidy/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
    });
    expect(await readSkill(fs, root, "/skills/tidy/SKILL.md", 4096, [])).toEqual({
      name: "tidy",
      description: "Tidy up.",
      path: "/skills/tidy/SKILL.md",
      root: "/skills",
      scope: "user",
      implicitInvocation: false,
    });
  });

  it("keeps the skill offered and warns when agents/openai.yaml is not YAML", async () => {
    const fs = createMemoryFileSystem({
      "/skills/tidy/SKILL.md": skillText,
      "/skills/tidy/agents/openai.yaml": "policy: [unclosed\n",
    });
    const warnings: SkillsWarning[] = [];
    expect(await readSkill(fs, root, "/skills/tidy/SKILL.md", 4096, warnings)).toMatchObject({
      implicitInvocation: true,
    });
    expect(warnings.map((warning) => warning.code)).toEqual(["metadata-ignored"]);
  });

  it("passes over a symlinked SKILL.md, as Codex does, and says so", async () => {
    const fs = createMemoryFileSystem({
      "/elsewhere.md": skillText,
      "/skills/tidy/SKILL.md": { symlink: "/elsewhere.md" },
    });
    const warnings: SkillsWarning[] = [];
    expect(await readSkill(fs, root, "/skills/tidy/SKILL.md", 4096, warnings)).toBeUndefined();
    expect(warnings).toEqual([
      {
        code: "skill-skipped",
        message:
          "/skills/tidy/SKILL.md is not offered as a skill: it is a symlink, which is not followed for a SKILL.md",
        path: "/skills/tidy/SKILL.md",
        reason: "symlinked",
      },
    ]);
  });

  it("passes over a SKILL.md that is a FIFO without waiting for a writer, and says so", async () => {
    const fs = createMemoryFileSystem({ "/skills/tidy/SKILL.md": { special: "fifo" } });
    const warnings: SkillsWarning[] = [];
    expect(await readSkill(fs, root, "/skills/tidy/SKILL.md", 4096, warnings)).toBeUndefined();
    expect(warnings).toMatchObject([{ code: "skill-skipped", reason: "not-a-file" }]);
  });

  it("passes over a file that is not UTF-8, with a warning", async () => {
    const fs = createMemoryFileSystem({
      "/skills/bad/SKILL.md": new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0x0a]),
    });
    const warnings: SkillsWarning[] = [];
    expect(await readSkill(fs, root, "/skills/bad/SKILL.md", 4096, warnings)).toBeUndefined();
    expect(warnings).toMatchObject([{ code: "skill-skipped", reason: "invalid-utf8" }]);
  });
});
