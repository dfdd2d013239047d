import type { AgentsMdFileSystem, FileStat } from "@ctx/agents-md";
import { toSchemaIssues } from "@ctx/protocol";
import { compareCodePoints } from "@ctx/text";
import { isMap, isScalar, parseDocument } from "yaml";
import { z } from "zod";
import {
  createLoadedSkills,
  type LoadedSkills,
  type Skill,
  type SkillRoot,
} from "./loaded-skills.js";
import { readSkillFrontMatter } from "./read-skill-front-matter.js";
import { SkillsError } from "./skills-error.js";
import type { SkillSkipReason, SkillsWarning } from "./skills-warning.js";

/** The limits of skills discovery; those of Codex 0.171 but the bytes read of each file. */
export const skillsDefaults = Object.freeze({
  /** How many folders below a skills root are searched. */
  maxDepth: 6,
  /** The most folders one skills root is walked through. */
  maxDirectories: 2000,
  /** A folder with more entries than this is not searched. */
  maxEntries: 20_000,
  /** The bytes read of each `SKILL.md`: its front matter must be closed within them. */
  maxFileBytes: 65_536,
});

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
  /** The file system to search: `createNodeFileSystem()` of `@ctx/agents-md`, or your own. */
  readonly fs: AgentsMdFileSystem;
}

const fileSystemSchema = z.custom<AgentsMdFileSystem>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    ["stat", "realpath", "open", "readdir"].every(
      (method) => typeof (value as Record<string, unknown>)[method] === "function",
    ) &&
    typeof (value as { path?: unknown }).path === "object",
  { message: "expected a file system (path, stat, realpath, open, readdir)" },
);

const optionsSchema = z.strictObject({
  directories: z.array(z.string().min(1)).min(1),
  codexHome: z.string().min(1).optional(),
  home: z.string().min(1).optional(),
  trusted: z.boolean().optional(),
  maxFileBytes: z.number().int().min(64).max(1_048_576).optional(),
  fs: fileSystemSchema,
});

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
 * @throws {SkillsError} `invalid-options` when the options do not fit.
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
    const files = await walkRoot(fs, root.path, warnings);
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

/** The `SKILL.md` files under `root`, breadth first; `undefined` when `root` is no folder. */
async function walkRoot(
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
      if (entry.name.startsWith(".") || entry.kind === "other") continue;
      const path = fs.path.join(folder, entry.name);
      if (entry.kind === "file") {
        if (entry.name === "SKILL.md") files.push(path);
        continue;
      }
      const stat = await statOrWarn(fs, path, warnings, true);
      // A listing that does not say what an entry is leaves a SKILL.md to the stat; a symlinked
      // SKILL.md is refused when opened, as Codex passes it over.
      if (stat?.kind === "file" && entry.kind === "unknown" && entry.name === "SKILL.md") {
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

/** One `SKILL.md` as a skill, or `undefined` (with a warning) when it is not one. */
async function readSkill(
  fs: AgentsMdFileSystem,
  root: SkillRoot,
  path: string,
  maxFileBytes: number,
  warnings: SkillsWarning[],
): Promise<Skill | undefined> {
  const read = await readPrefix(fs, path, maxFileBytes, warnings);
  if (read === undefined) return undefined;
  const skip = (reason: SkillSkipReason) => {
    warnings.push(skipped(path, reason));
    return undefined;
  };
  const text = decode(read.bytes, read.complete);
  if (text === undefined) return skip("invalid-utf8");
  const folder = fs.path.dirname(path);
  const front = readSkillFrontMatter(text, folder.slice(fs.path.dirname(folder).length + 1));
  if ("skip" in front) {
    return skip(
      front.skip === "no-front-matter" && !read.complete ? "front-matter-too-long" : front.skip,
    );
  }
  if (front.cutFrom !== undefined) {
    warnings.push({
      code: "description-cut",
      message: `the description of the skill ${front.name} (${path}) has ${front.cutFrom} characters and was cut to 1024`,
      path,
      skill: front.name,
      characters: front.cutFrom,
    });
  }
  const implicitInvocation = await readImplicitInvocation(fs, folder, warnings);
  return {
    name: front.name,
    description: front.description,
    path,
    root: root.path,
    scope: root.scope,
    implicitInvocation,
  };
}

/**
 * Whether the skill's `agents/openai.yaml` lets the model use it unasked (`policy:
 * allow_implicit_invocation`); `true` without the file. Codex leaves a skill that says `false`
 * out of the catalogue it shows the model.
 */
async function readImplicitInvocation(
  fs: AgentsMdFileSystem,
  folder: string,
  warnings: SkillsWarning[],
): Promise<boolean> {
  const path = fs.path.join(folder, "agents", "openai.yaml");
  const read = await readPrefix(fs, path, skillsDefaults.maxFileBytes, warnings, true);
  if (read === undefined) return true;
  const text = decode(read.bytes, read.complete);
  const document = text === undefined ? undefined : parseDocument(text, { prettyErrors: false });
  if (document === undefined || document.errors.length > 0 || !read.complete) {
    warnings.push({
      code: "metadata-ignored",
      message: `${path} is not YAML Codex can read, so its policy was not applied`,
      path,
    });
    return true;
  }
  const policy: unknown = isMap(document.contents) ? document.contents.get("policy") : undefined;
  const allowed: unknown = isMap(policy)
    ? policy.get("allow_implicit_invocation", true)
    : undefined;
  return !(isScalar(allowed) && allowed.value === false);
}

/** The first `maxBytes` bytes of a regular file (not through a symlink), or `undefined`. */
async function readPrefix(
  fs: AgentsMdFileSystem,
  path: string,
  maxBytes: number,
  warnings: SkillsWarning[],
  quietWhenMissing = false,
): Promise<{ bytes: Uint8Array; complete: boolean } | undefined> {
  let file: Awaited<ReturnType<AgentsMdFileSystem["open"]>>;
  try {
    file = await fs.open(path, { noFollow: true });
  } catch (error) {
    const code = codeOf(error);
    if (code === "ELOOP" || (quietWhenMissing && (code === "ENOENT" || code === "ENOTDIR"))) {
      return undefined;
    }
    warnings.push(readFailed(path, "read", error));
    return undefined;
  }
  try {
    const stat = await file.stat();
    if (stat.kind !== "file") return undefined;
    const bytes = await file.read(maxBytes);
    return { bytes, complete: stat.size <= bytes.length };
  } catch (error) {
    warnings.push(readFailed(path, "read", error));
    return undefined;
  } finally {
    await file.close().catch(() => undefined);
  }
}

/** The bytes as UTF-8 (an incomplete read up to its last line end), or `undefined` if not UTF-8. */
function decode(bytes: Uint8Array, complete: boolean): string | undefined {
  const end = complete ? bytes.length : bytes.lastIndexOf(0x0a) + 1;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      bytes.subarray(0, end),
    );
  } catch {
    return undefined;
  }
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

function codeOf(error: unknown): string | null {
  const code = typeof error === "object" && error !== null ? Reflect.get(error, "code") : null;
  return typeof code === "string" ? code : null;
}

function readFailed(
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

function skipped(path: string, reason: SkillSkipReason): SkillsWarning {
  const why = {
    "no-front-matter": "it has no front matter between two --- lines",
    "front-matter-too-long": "its front matter does not close within the bytes read of each file",
    "invalid-yaml": "its front matter is not YAML",
    "invalid-field": "its name or description is not text",
    "missing-description": "it has no description",
    "name-too-long": "its name is longer than 64 characters",
    "invalid-utf8": "it is not UTF-8 text",
  }[reason];
  return {
    code: "skill-skipped",
    message: `${path} is not offered as a skill: ${why}`,
    path,
    reason,
  };
}
