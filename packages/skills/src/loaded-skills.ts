import type { SkillsInstructionsData } from "@ctx/registry";
import type { SkillsWarning } from "./skills-warning.js";

/** Whose skills a root holds: the repository's or the user's. Codex lists the repository's first. */
export type SkillScope = "repo" | "user";

/** A folder searched for skills. */
export interface SkillRoot {
  /** The folder's path. */
  readonly path: string;
  readonly scope: SkillScope;
}

/** A skill found: what its `SKILL.md` front matter says, and where it is. */
export interface Skill {
  /** Its name, on one line (the folder's name when the front matter gives none). */
  readonly name: string;
  /** What it is for, on one line, at most 1,024 characters. */
  readonly description: string;
  /** The path of its `SKILL.md`. */
  readonly path: string;
  /** The skills root it was found under. */
  readonly root: string;
  readonly scope: SkillScope;
  /**
   * Whether the model may use it unasked; `false` when its `agents/openai.yaml` says
   * `allow_implicit_invocation: false`, which leaves it out of the catalogue.
   */
  readonly implicitInvocation: boolean;
}

/** What skills discovery found. */
export interface LoadedSkills {
  /** The skills roots that exist, in the order they were searched. */
  readonly roots: readonly SkillRoot[];
  /** Every skill, in the order Codex lists them. */
  readonly skills: readonly Skill[];
  /** Files passed over, descriptions cut, folders that could not be read. */
  readonly warnings: readonly SkillsWarning[];
  /**
   * The catalogue the model is shown, as the `skills_instructions` kind of `@ctx/registry` and
   * the session's `skills` turn state take it: the skills it may use unasked, each path short
   * under an alias (`r0`, `r1`, …) for its root, numbered in search order among the roots that
   * hold one of them, as Codex does.
   */
  catalogue(): SkillsInstructionsData;
  /** The `SKILL.md` files of the catalogue, in its order. */
  sources(): string[];
}

/** The result of a discovery; `separator` is the file system's path separator. */
export function createLoadedSkills(
  data: Pick<LoadedSkills, "roots" | "skills" | "warnings">,
  separator: string,
): LoadedSkills {
  const offered = data.skills.filter((skill) => skill.implicitInvocation);
  return {
    roots: data.roots,
    skills: data.skills,
    warnings: data.warnings,
    catalogue() {
      const used = data.roots.filter((root) => offered.some((skill) => skill.root === root.path));
      const alias = new Map(used.map((root, index) => [root.path, `r${index}`]));
      return {
        roots: used.map((root) => ({ alias: alias.get(root.path) ?? "", path: root.path })),
        skills: offered.map((skill) => ({
          name: skill.name,
          description: skill.description,
          path: `${alias.get(skill.root) ?? ""}/${skill.path
            .slice(skill.root.length + separator.length)
            .split(separator)
            .join("/")}`,
        })),
      };
    },
    sources: () => offered.map((skill) => skill.path),
  };
}
