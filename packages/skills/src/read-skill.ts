import type { AgentsMdFileSystem } from "@ctx/agents-md";
import { isMap, isScalar, parseDocument } from "yaml";
import type { Skill, SkillRoot } from "./loaded-skills.js";
import { readSkillFrontMatter } from "./read-skill-front-matter.js";
import { skillsDefaults } from "./skills-defaults.js";
import type { SkillSkipReason, SkillsWarning } from "./skills-warning.js";
import { codeOf, readFailed } from "./walk-skills-root.js";

/** One `SKILL.md` as a skill, or `undefined` (with a warning) when it is not one. */
export async function readSkill(
  fs: AgentsMdFileSystem,
  root: SkillRoot,
  path: string,
  maxFileBytes: number,
  warnings: SkillsWarning[],
): Promise<Skill | undefined> {
  const read = await readPrefix(fs, path, maxFileBytes, warnings, { follow: false });
  if (read === undefined) return undefined;
  const skip = (reason: SkillSkipReason) => {
    warnings.push(skipped(path, reason));
    return undefined;
  };
  if ("refused" in read) return skip(read.refused);
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
 * out of the catalogue it shows the model, and follows a symlinked `openai.yaml` (its target is
 * read as the file itself would be: a regular file, its first 64 KiB).
 */
async function readImplicitInvocation(
  fs: AgentsMdFileSystem,
  folder: string,
  warnings: SkillsWarning[],
): Promise<boolean> {
  const path = fs.path.join(folder, "agents", "openai.yaml");
  const read = await readPrefix(fs, path, skillsDefaults.maxFileBytes, warnings, {
    follow: true,
    quietWhenMissing: true,
  });
  if (read === undefined) return true;
  if ("refused" in read) {
    warnings.push({
      code: "metadata-ignored",
      message: `${path} is not a regular file, so its policy was not applied`,
      path,
    });
    return true;
  }
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

/**
 * The first `maxBytes` bytes of a regular file; `refused` when the path is a symlink (unless
 * `follow`) or names no regular file; `undefined`, with a `read-failed` warning (none for a
 * missing file when `quietWhenMissing`), when it cannot be read.
 */
async function readPrefix(
  fs: AgentsMdFileSystem,
  path: string,
  maxBytes: number,
  warnings: SkillsWarning[],
  options: { readonly follow: boolean; readonly quietWhenMissing?: boolean },
): Promise<
  | { bytes: Uint8Array; complete: boolean }
  | { refused: Extract<SkillSkipReason, "symlinked" | "not-a-file"> }
  | undefined
> {
  let file: Awaited<ReturnType<AgentsMdFileSystem["open"]>>;
  try {
    file = await fs.open(path, { noFollow: !options.follow });
  } catch (error) {
    const code = codeOf(error);
    if (code === "ELOOP" && !options.follow) return { refused: "symlinked" };
    if (options.quietWhenMissing === true && (code === "ENOENT" || code === "ENOTDIR")) {
      return undefined;
    }
    warnings.push(readFailed(path, "read", error));
    return undefined;
  }
  try {
    const stat = await file.stat();
    if (stat.kind !== "file") return { refused: "not-a-file" };
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

function skipped(path: string, reason: SkillSkipReason): SkillsWarning {
  const why = {
    "no-front-matter": "it has no front matter between two --- lines",
    "front-matter-too-long": "its front matter does not close within the bytes read of each file",
    "invalid-yaml": "its front matter is not YAML",
    "invalid-field": "its name or description is not text",
    "missing-description": "it has no description",
    "name-too-long": "its name is longer than 64 characters",
    "invalid-utf8": "it is not UTF-8 text",
    symlinked: "it is a symlink, which is not followed for a SKILL.md",
    "not-a-file": "it is not a regular file (a FIFO, a socket or a device)",
  }[reason];
  return {
    code: "skill-skipped",
    message: `${path} is not offered as a skill: ${why}`,
    path,
    reason,
  };
}
