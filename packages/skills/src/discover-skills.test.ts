import { createMemoryFileSystem, type MemoryEntry } from "@ctx/agents-md";
import { skillsInstructions } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { discoverSkills } from "./discover-skills.js";
import { SkillsError } from "./skills-error.js";

/** A SKILL.md with this name and description. */
const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nBody of ${name}.\n`;

/**
 * The tree of a run of Codex 0.171 (`codex debug prompt-input` in /repo/a/b with HOME and
 * CODEX_HOME at /home, bundled skills off), and below it the list Codex printed.
 */
const codexTree: Record<string, MemoryEntry> = {
  "/repo/.git": { directory: true },
  "/.agents/skills/above/SKILL.md": skill("above", "above the project root"),
  "/repo/.agents/skills/zeta-repo/SKILL.md": skill("zeta-repo", "repo root agents"),
  "/repo/a/.agents/skills/beta-mid/SKILL.md": skill("beta-mid", "intermediate agents"),
  "/repo/a/b/.agents/skills/cwd-skill/SKILL.md": skill("cwd-skill", "cwd agents"),
  "/repo/.codex/skills/codex-repo/SKILL.md": skill("codex-repo", "repo .codex skills"),
  "/home/skills/alpha-user/SKILL.md": skill("alpha-user", "user codex home"),
  "/home/.agents/skills/mid-home/SKILL.md": skill("mid-home", "home agents"),
  "/home/skills/group/nested/SKILL.md": skill("nested", "nested one level"),
  "/home/skills/d1/d2/d3/d4/d5/d6/deep/SKILL.md": skill("deep", "very deep"),
  "/home/skills/.hidden/h/SKILL.md": skill("hidden", "hidden dir"),
  "/home/skills/noname/SKILL.md": "---\ndescription: no name given\n---\nx",
  "/home/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\nx",
  "/home/skills/nofront/SKILL.md": "just text",
  "/home/skills/dupe1/SKILL.md": skill("dupe", "first dupe"),
  "/home/.agents/skills/dupe2/SKILL.md": skill("dupe", "second dupe"),
  "/home/skills/Upper/SKILL.md": skill("Upper Case Name!", "odd name"),
  "/home/skills/SKILL.md": skill("root-file", "SKILL.md directly in root"),
  "/home/skills/policy/SKILL.md": skill("policy", "implicit off"),
  "/home/skills/policy/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
  "/home/real-skill/SKILL.md": skill("linked-dir", "through a symlinked dir"),
  "/home/skills/linkdir": { symlink: "/home/real-skill" },
  "/home/real-file.md": skill("linked-file", "symlinked SKILL.md"),
  "/home/skills/linkfile/SKILL.md": { symlink: "/home/real-file.md" },
  "/home/skills/fifo/SKILL.md": { special: "fifo" },
};
const codexList = [
  "- beta-mid: intermediate agents (file: r3/beta-mid/SKILL.md)",
  "- cwd-skill: cwd agents (file: r4/cwd-skill/SKILL.md)",
  "- zeta-repo: repo root agents (file: r2/zeta-repo/SKILL.md)",
  "- Upper Case Name!: odd name (file: r0/Upper/SKILL.md)",
  "- alpha-user: user codex home (file: r0/alpha-user/SKILL.md)",
  "- dupe: second dupe (file: r1/dupe2/SKILL.md)",
  "- dupe: first dupe (file: r0/dupe1/SKILL.md)",
  "- linked-dir: through a symlinked dir (file: r0/linkdir/SKILL.md)",
  "- mid-home: home agents (file: r1/mid-home/SKILL.md)",
  "- nested: nested one level (file: r0/group/nested/SKILL.md)",
  "- noname: no name given (file: r0/noname/SKILL.md)",
  "- root-file: SKILL.md directly in root (file: r0/SKILL.md)",
];
const codexRoots = [
  "- `r0` = `/home/skills`",
  "- `r1` = `/home/.agents/skills`",
  "- `r2` = `/repo/.agents/skills`",
  "- `r3` = `/repo/a/.agents/skills`",
  "- `r4` = `/repo/a/b/.agents/skills`",
];
const projectFolders = ["/repo", "/repo/a", "/repo/a/b"];

/** The lines of the rendered catalogue that start with `- `: the roots table and the list. */
function listed(data: Parameters<typeof skillsInstructions.create>[0]): string[] {
  return skillsInstructions
    .create(data)
    .render()
    .split("\n")
    .filter((line) => line.startsWith("- "));
}

describe("discoverSkills", () => {
  it("finds the skills Codex 0.171 lists, in its order, under its root aliases", async () => {
    const fs = createMemoryFileSystem(codexTree);
    const loaded = await discoverSkills({
      directories: projectFolders,
      codexHome: "/home",
      home: "/home",
      fs,
    });
    expect(listed(loaded.catalogue())).toEqual([...codexRoots, ...codexList]);
    expect(loaded.sources()).toContain("/home/skills/linkdir/SKILL.md");
    expect(loaded.skills.find((found) => found.name === "policy")).toMatchObject({
      implicitInvocation: false,
    });
  });

  it("says why each SKILL.md it found was passed over", async () => {
    const loaded = await discoverSkills({
      directories: projectFolders,
      codexHome: "/home",
      home: "/home",
      fs: createMemoryFileSystem(codexTree),
    });
    expect(
      loaded.warnings.map((warning) =>
        warning.code === "skill-skipped" ? `${warning.path}: ${warning.reason}` : warning.code,
      ),
    ).toEqual([
      "/home/skills/nodesc/SKILL.md: missing-description",
      "/home/skills/nofront/SKILL.md: no-front-matter",
      "/home/skills/linkfile/SKILL.md: symlinked",
      "/home/skills/fifo/SKILL.md: not-a-file",
    ]);
  });

  it("follows a symlinked agents/openai.yaml, as Codex does, and warns when it names no file", async () => {
    const loaded = await discoverSkills({
      directories: ["/repo"],
      fs: createMemoryFileSystem({
        "/repo/.agents/skills/linked/SKILL.md": skill("linked", "policy through a link"),
        "/repo/.agents/skills/linked/agents/openai.yaml": { symlink: "/shared/openai.yaml" },
        "/shared/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
        "/repo/.agents/skills/piped/SKILL.md": skill("piped", "policy through a FIFO"),
        "/repo/.agents/skills/piped/agents/openai.yaml": { symlink: "/shared/pipe" },
        "/shared/pipe": { special: "fifo" },
      }),
    });
    expect(loaded.skills.map((found) => [found.name, found.implicitInvocation])).toEqual([
      ["linked", false],
      ["piped", true],
    ]);
    expect(loaded.catalogue().skills.map((found) => found.name)).toEqual(["piped"]);
    expect(loaded.warnings).toMatchObject([
      { code: "metadata-ignored", path: "/repo/.agents/skills/piped/agents/openai.yaml" },
    ]);
  });

  it("reads .codex/skills of a trusted project first, as Codex does", async () => {
    const loaded = await discoverSkills({
      directories: ["/repo"],
      codexHome: "/home",
      home: "/home",
      trusted: true,
      fs: createMemoryFileSystem({
        "/repo/.codex/skills/trusted/SKILL.md": skill("trusted", "in .codex/skills"),
        "/repo/.agents/skills/long/SKILL.md": skill("long", "repo agents"),
        "/home/.agents/skills/ok/SKILL.md": skill("ok", "fine"),
        "/home/skills/bad/SKILL.md": "no front matter",
      }),
    });
    // Codex 0.171 on this tree (with the project trusted in config.toml).
    expect(listed(loaded.catalogue())).toEqual([
      "- `r0` = `/repo/.codex/skills`",
      "- `r1` = `/home/.agents/skills`",
      "- `r2` = `/repo/.agents/skills`",
      "- long: repo agents (file: r2/long/SKILL.md)",
      "- trusted: in .codex/skills (file: r0/trusted/SKILL.md)",
      "- ok: fine (file: r1/ok/SKILL.md)",
    ]);
  });

  it("searches six folders deep and no deeper", async () => {
    const tree: Record<string, MemoryEntry> = {};
    for (let depth = 1; depth <= 7; depth += 1) {
      const folders = Array.from({ length: depth }, (_, index) => `l${index + 1}`).join("/");
      tree[`/home/skills/${folders}/SKILL.md`] = skill(`depth${depth}`, `at depth ${depth}`);
    }
    const loaded = await discoverSkills({
      directories: ["/repo"],
      codexHome: "/home",
      fs: createMemoryFileSystem(tree),
    });
    expect(loaded.skills.map((found) => found.name)).toEqual([
      "depth1",
      "depth2",
      "depth3",
      "depth4",
      "depth5",
      "depth6",
    ]);
  });

  it("walks a symlink loop once and reports a folder it cannot list", async () => {
    const loaded = await discoverSkills({
      directories: ["/repo"],
      fs: createMemoryFileSystem({
        "/repo/.agents/skills/one/SKILL.md": skill("one", "first"),
        "/repo/.agents/skills/one/again": { symlink: "/repo/.agents/skills" },
        "/repo/.agents/skills/locked": { error: "EACCES" },
      }),
    });
    expect(loaded.skills.map((found) => found.path)).toEqual(["/repo/.agents/skills/one/SKILL.md"]);
    expect(loaded.warnings).toMatchObject([{ code: "read-failed", errorCode: "EACCES" }]);
  });

  it("reports a front matter that does not close within the bytes it reads", async () => {
    const loaded = await discoverSkills({
      directories: ["/repo"],
      maxFileBytes: 64,
      fs: createMemoryFileSystem({
        "/repo/.agents/skills/big/SKILL.md": `---\nname: big\ndescription: ${"x".repeat(100)}\n---\n`,
      }),
    });
    expect(loaded.skills).toEqual([]);
    expect(loaded.warnings).toMatchObject([
      { code: "skill-skipped", reason: "front-matter-too-long" },
    ]);
  });

  it("gives an empty catalogue when no skills root exists", async () => {
    const loaded = await discoverSkills({ directories: ["/repo"], fs: createMemoryFileSystem({}) });
    expect(loaded.catalogue()).toEqual({ roots: [], skills: [] });
    expect(loaded.warnings).toEqual([]);
  });

  it.each([
    [{ directories: [], fs: createMemoryFileSystem({}) }, "directories"],
    [{ directories: ["/repo"] }, "fs"],
    [{ directories: ["/repo"], fs: createMemoryFileSystem({}), maxFileBytes: 0 }, "maxFileBytes"],
    [{ directories: ["/repo"], fs: createMemoryFileSystem({}), extra: 1 }, "extra"],
  ])("refuses options that do not fit (%#)", async (options, field) => {
    const failure = await discoverSkills(options as never).catch((error: unknown) => error);
    expect(SkillsError.isInstance(failure)).toBe(true);
    expect((failure as SkillsError).code).toBe("invalid-argument");
    expect((failure as SkillsError).message).toContain(field);
  });
});
