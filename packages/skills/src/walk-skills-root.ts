import type { AgentsMdFileSystem, FileStat } from "@ctx/agents-md";
import { skillsDefaults } from "./skills-defaults.js";
import type { SkillsWarning } from "./skills-warning.js";

/** The `SKILL.md` files under `root`, breadth first; `undefined` when `root` is no folder. */
export async function walkSkillsRoot(
  fs: AgentsMdFileSystem,
  root: string,
  warnings: SkillsWarning[],
): Promise<string[] | undefined> {
  const rootStat = await statOrWarn(fs, root, warnings, false);
  if (rootStat === undefined || rootStat.kind !== "directory") return undefined;
  const visited = new Set([rootStat.identity]);
  const queue: { path: string; depth: number }[] = [{ path: root, depth: 0 }];
  const files: string[] = [];
  let truncated = false;
  for (let next = 0; next < queue.length; next += 1) {
    const { path: folder, depth } = queue[next] as { path: string; depth: number };
    let entries: Awaited<ReturnType<AgentsMdFileSystem["readdir"]>>;
    try {
      entries = await fs.readdir(folder, { maxEntries: skillsDefaults.maxEntries });
    } catch (error) {
      warnings.push(readFailed(folder, "list", error));
      continue;
    }
    if (entries === null) {
      warnings.push({
        code: "scan-truncated",
        message: `the skills folder ${folder} holds more than ${skillsDefaults.maxEntries} entries, so it was not searched`,
        path: folder,
        limit: "entries",
        count: skillsDefaults.maxEntries,
      });
      continue;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const path = fs.path.join(folder, entry.name);
      const isSkillFile = entry.name === "SKILL.md";
      // Every SKILL.md but a folder goes to the reader, which reads a regular file and says why
      // it passed over a symlink (Codex does not follow one) or a FIFO, socket or device.
      if (
        entry.kind === "file" ||
        entry.kind === "other" ||
        (isSkillFile && entry.kind === "symlink")
      ) {
        if (isSkillFile) files.push(path);
        continue;
      }
      const stat = await statOrWarn(fs, path, warnings, true);
      // A listing that does not say what an entry is leaves a SKILL.md to the stat.
      if (
        isSkillFile &&
        entry.kind === "unknown" &&
        stat !== undefined &&
        stat.kind !== "directory"
      ) {
        files.push(path);
      }
      if (stat?.kind !== "directory" || visited.has(stat.identity)) continue;
      if (depth + 1 > skillsDefaults.maxDepth) continue;
      if (visited.size >= skillsDefaults.maxDirectories) {
        truncated = true;
        continue;
      }
      visited.add(stat.identity);
      queue.push({ path, depth: depth + 1 });
    }
  }
  if (truncated) {
    warnings.push({
      code: "scan-truncated",
      message: `the skills root ${root} holds more than ${skillsDefaults.maxDirectories} folders; those past them were not searched`,
      path: root,
      limit: "directories",
      count: skillsDefaults.maxDirectories,
    });
  }
  return files;
}

async function statOrWarn(
  fs: AgentsMdFileSystem,
  path: string,
  warnings: SkillsWarning[],
  warnWhenMissing: boolean,
): Promise<FileStat | undefined> {
  try {
    return await fs.stat(path);
  } catch (error) {
    const code = codeOf(error);
    if (warnWhenMissing || (code !== "ENOENT" && code !== "ENOTDIR")) {
      warnings.push(readFailed(path, "stat", error));
    }
    return undefined;
  }
}

/** The `code` of a rejected file-system call, or `null`. */
export function codeOf(error: unknown): string | null {
  const code = typeof error === "object" && error !== null ? Reflect.get(error, "code") : null;
  return typeof code === "string" ? code : null;
}

/** The warning for a file-system call that failed. */
export function readFailed(
  path: string,
  operation: "list" | "stat" | "read",
  error: unknown,
): SkillsWarning {
  const errorCode = codeOf(error);
  const verb = { list: "listed", stat: "checked", read: "read" }[operation];
  return {
    code: "read-failed",
    message: `${path} could not be ${verb}${errorCode === null ? "" : ` (${errorCode})`}, so discovery went on without it`,
    path,
    operation,
    errorCode,
  };
}
