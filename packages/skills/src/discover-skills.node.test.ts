import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { discoverSkills } from "./discover-skills.js";

const folder = useTemporaryFolder("skills-node-");

/** Writes `text` at `path` under the scratch folder, creating its folders. */
function write(path: string, text: string): string {
  const full = join(folder(), path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, text);
  return full;
}

const skill = (name: string) => `---\nname: ${name}\ndescription: ${name} skill\n---\n`;

describe("discoverSkills on Node's file system", () => {
  it.skipIf(process.platform === "win32")(
    "warns for a symlinked and a FIFO SKILL.md, and follows a symlinked agents/openai.yaml",
    async () => {
      const root = join(folder(), "repo", ".agents", "skills");
      write("repo/.agents/skills/plain/SKILL.md", skill("plain"));
      mkdirSync(join(root, "linked"));
      symlinkSync(write("elsewhere.md", skill("linked")), join(root, "linked", "SKILL.md"));
      mkdirSync(join(root, "piped"));
      execFileSync("mkfifo", [join(root, "piped", "SKILL.md")]);
      write("repo/.agents/skills/quiet/SKILL.md", skill("quiet"));
      mkdirSync(join(root, "quiet", "agents"));
      const policy = write("shared.yaml", "policy:\n  allow_implicit_invocation: false\n");
      symlinkSync(policy, join(root, "quiet", "agents", "openai.yaml"));

      const loaded = await discoverSkills({
        directories: [join(folder(), "repo")],
        fs: createNodeFileSystem(),
      });
      expect(loaded.skills.map((found) => [found.name, found.implicitInvocation])).toEqual([
        ["plain", true],
        ["quiet", false],
      ]);
      expect(loaded.catalogue().skills.map((found) => found.name)).toEqual(["plain"]);
      expect(
        loaded.warnings
          .map((warning) => (warning.code === "skill-skipped" ? warning.reason : warning.code))
          .sort(),
      ).toEqual(["not-a-file", "symlinked"]);
    },
  );
});
