import type { AgentsMdFileSystem } from "@ctx/agents-md";

/**
 * The root of the Git repository holding `cwd`, as Codex 0.171 finds it for trust: the nearest
 * folder, `cwd` included, whose `.git` is a folder with a `HEAD` file (a `.git` folder without
 * one is passed over); `undefined` when there is none, or when a `.git` file (a linked worktree,
 * a submodule) comes first.
 */
export async function findGitRoot(
  cwd: string,
  fs: AgentsMdFileSystem,
): Promise<string | undefined> {
  const kindOf = (path: string) =>
    fs.stat(path).then(
      (stat) => stat.kind,
      () => undefined,
    );
  for (let folder = cwd; ; ) {
    const git = await kindOf(fs.path.join(folder, ".git"));
    if (git === "file") return undefined;
    if (git === "directory" && (await kindOf(fs.path.join(folder, ".git", "HEAD"))) === "file") {
      return folder;
    }
    const parent = fs.path.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}
