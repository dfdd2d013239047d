import type { AgentsMdFileSystem } from "@ctx/agents-md";
import { lazySchema, toSchemaIssues } from "@ctx/protocol/internal";
import { compareCodePoints } from "@ctx/text";
import { z } from "zod";
import {
  createLoadedSkills,
  type LoadedSkills,
  type Skill,
  type SkillRoot,
} from "./loaded-skills.js";
import { readSkill } from "./read-skill.js";
import { skillsDefaults } from "./skills-defaults.js";
import { SkillsError } from "./skills-error.js";
import type { SkillsWarning } from "./skills-warning.js";
import { walkSkillsRoot } from "./walk-skills-root.js";

/** Options of {@link discoverSkills}. */
export interface DiscoverSkillsOptions {
  /**
   * The project's folders from its root down to the working directory, root first, as AGENTS.md
   * discovery finds them (`LoadedAgentsMd.environments[0].directories`): each one's
   * `.agents/skills` is a repository skills root.
   */
  readonly directories: readonly string[];
  /** Codex's home (`$CODEX_HOME`, else `~/.codex`): its `skills` folder holds the user's skills. */
  readonly codexHome?: string | undefined;
  /** The user's home folder: its `.agents/skills` holds the user's skills too. */
  readonly home?: string | undefined;
  /**
   * Whether the user trusts the project (Codex's `trust_level = "trusted"`): then each project
   * folder's `.codex/skills` is read as well, the working directory's first.
   */
  readonly trusted?: boolean | undefined;
  /** The bytes read of each `SKILL.md` (default 64 KiB, at most 1 MiB). */
  readonly maxFileBytes?: number | undefined;
  /** The file system to search: `createNodeFileSystem()` of `@ctx/agents-md/node`, or your own. */
  readonly fs: AgentsMdFileSystem;
}

const fileSystemSchema = lazySchema(() =>
  z.custom<AgentsMdFileSystem>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      ["stat", "realpath", "open", "readdir"].every(
        (method) => typeof (value as Record<string, unknown>)[method] === "function",
      ) &&
      typeof (value as { path?: unknown }).path === "object",
    { message: "expected a file system (path, stat, realpath, open, readdir)" },
  ),
);

const optionsSchema = lazySchema(() =>
  z.strictObject({
    directories: z.array(z.string().min(1)).min(1),
    codexHome: z.string().min(1).optional(),
    home: z.string().min(1).optional(),
    trusted: z.boolean().optional(),
    maxFileBytes: z.number().int().min(64).max(1_048_576).optional(),
    fs: fileSystemSchema,
  }),
);

/**
 * Finds the skills an agent offers its model in a project, as Codex 0.171 does: every
 * `SKILL.md` up to six folders below each skills root (hidden folders left out, symlinked
 * folders followed, a symlinked `SKILL.md` not), its name and description read from its YAML
 * front matter. The roots, in Codex's order: with a trusted project, `.codex/skills` of each
 * project folder (the working directory's first); `skills` in Codex's home; `.agents/skills` in
 * the user's home; `.agents/skills` of each project folder, root first. Skills are sorted as
 * Codex lists them: the repository's before the user's, then by name and path. Codex's own
 * bundled skills (`skills/.system`) and `/etc/codex/skills` are not read. Everything passed over
 * or cut is a warning.
 *
 * @throws {SkillsError} `invalid-argument` when the options do not fit.
 * @example
 * ```ts
 * const skills = await discoverSkills({ directories: ["/repo"], home: "/home/me", fs });
 * skills.catalogue(); // the data of the skills_instructions fragment
 * ```
 */
export async function discoverSkills(options: DiscoverSkillsOptions): Promise<LoadedSkills> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    throw SkillsError.fromIssues("options", toSchemaIssues(parsed.error, options));
  }
  const { directories, codexHome, home, trusted, fs } = parsed.data;
  const maxFileBytes = parsed.data.maxFileBytes ?? skillsDefaults.maxFileBytes;
  const join = (...parts: string[]) => fs.path.join(...parts);
  const candidates: SkillRoot[] = [
    ...(trusted === true
      ? [...directories].reverse().map((directory) => ({
          path: join(directory, ".codex", "skills"),
          scope: "repo" as const,
        }))
      : []),
    ...(codexHome === undefined
      ? []
      : [{ path: join(codexHome, "skills"), scope: "user" as const }]),
    ...(home === undefined
      ? []
      : [{ path: join(home, ".agents", "skills"), scope: "user" as const }]),
    ...directories.map((directory) => ({
      path: join(directory, ".agents", "skills"),
      scope: "repo" as const,
    })),
  ];
  const roots = candidates.filter(
    (root, index) => candidates.findIndex((other) => other.path === root.path) === index,
  );
  const warnings: SkillsWarning[] = [];
  const found: Skill[] = [];
  const walked: SkillRoot[] = [];
  for (const root of roots) {
    const files = await walkSkillsRoot(fs, root.path, warnings);
    if (files === undefined) continue;
    walked.push(root);
    for (const path of files) {
      const skill = await readSkill(fs, root, path, maxFileBytes, warnings);
      if (skill !== undefined) found.push(skill);
    }
  }
  const rank = (skill: Skill) => (skill.scope === "repo" ? 0 : 1);
  found.sort(
    (left, right) =>
      rank(left) - rank(right) ||
      compareCodePoints(left.name, right.name) ||
      compareCodePoints(left.path, right.path),
  );
  return createLoadedSkills({ roots: walked, skills: found, warnings }, fs.path.sep);
}
