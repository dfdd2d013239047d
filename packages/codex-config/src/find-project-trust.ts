import type { AgentsMdFileSystem } from "@ctx/agents-md";
import type { ConfigSource } from "./config-source.js";
import { findGitRoot } from "./find-git-root.js";

/** The trust the configuration gives the working directory's project, and the entry that gave it. */
export interface ProjectTrust {
  /** `unknown` when no `[projects."<path>"]` entry with a `trust_level` applies. */
  readonly level: "trusted" | "untrusted" | "unknown";
  /** The entry's path as written, when one applies. */
  readonly project?: string;
  /** Where its `trust_level` was set, when one applies. */
  readonly source?: ConfigSource;
}

/**
 * The trust level of the project `cwd` is in, as Codex 0.171 looks it up: the entry for `cwd`
 * itself, else the entry for the root of the Git repository holding `cwd`: the nearest folder
 * whose `.git` is a folder with a `HEAD` file (a `.git` folder without one is passed over). A
 * `.git` file (a linked worktree or submodule) ends the search without trust: Codex follows it
 * to a main repository this reading does not resolve. Paths are compared as written: no other
 * folder above `cwd` counts, and `/repo/` is not `/repo`.
 */
export async function findProjectTrust(
  projects: Readonly<
    Record<string, { readonly trust_level?: "trusted" | "untrusted" | undefined }>
  >,
  cwd: string,
  fs: AgentsMdFileSystem,
): Promise<ProjectTrust> {
  const direct = levelOf(projects, cwd);
  if (direct !== undefined) return { level: direct, project: cwd };
  const root = await findGitRoot(cwd, fs);
  const level = root === undefined ? undefined : levelOf(projects, root);
  return root === undefined || level === undefined
    ? { level: "unknown" }
    : { level, project: root };
}

function levelOf(
  projects: Readonly<
    Record<string, { readonly trust_level?: "trusted" | "untrusted" | undefined }>
  >,
  path: string,
): "trusted" | "untrusted" | undefined {
  return Object.hasOwn(projects, path) ? projects[path]?.trust_level : undefined;
}
