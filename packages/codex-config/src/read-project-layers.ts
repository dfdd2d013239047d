import type { AgentsMdFileSystem } from "@ctx/agents-md";
import type { CodexConfigFile, CodexConfigWarning } from "./codex-config.js";
import type { ConfigLayer } from "./config-layers.js";
import { findGitRoot } from "./find-git-root.js";
import type { ProjectTrust } from "./find-project-trust.js";
import { lineOf } from "./key-lines.js";
import { readToml } from "./read-toml.js";

/** The project's own configuration files as Codex 0.171 lays them, and what it passes over. */
export interface ProjectLayers {
  /** One layer per file found, the project's folder first, the working directory's last. */
  readonly layers: readonly ConfigLayer[];
  readonly files: readonly CodexConfigFile[];
  readonly warnings: readonly CodexConfigWarning[];
}

/** Keys Codex 0.171 does not take from a project's file: it passes over them. */
const ignoredKeys = ["project_root_markers", "profile", "profiles"] as const;

/**
 * The `.codex/config.toml` files of the project `cwd` is in, as Codex 0.171 reads them: only
 * when the configuration trusts the project, one in each folder from the trusted project's
 * folder down to `cwd`, a nearer one over a farther; each bounded as the user's file is, with
 * `project_root_markers`, `profile` and `[profiles.*]` left out (a `project-key-ignored`
 * warning). In a project the configuration does not trust, the files are not read: each one
 * there is named in a `project-config-ignored` warning.
 *
 * @throws {CodexConfigError} what `readToml` throws for a file that is read.
 */
export async function readProjectLayers(input: {
  readonly trust: ProjectTrust;
  readonly cwd: string;
  readonly fs: AgentsMdFileSystem;
  readonly maxBytes: number;
}): Promise<ProjectLayers> {
  const { trust, cwd, fs } = input;
  const fileIn = (folder: string) => fs.path.join(folder, ".codex", "config.toml");
  if (trust.level !== "trusted" || trust.project === undefined) {
    const folders = foldersDown((await findGitRoot(cwd, fs)) ?? cwd, cwd, fs);
    const present = await Promise.all(
      folders.map((folder) =>
        fs.stat(fileIn(folder)).then(
          (stat) => stat.kind === "file",
          () => false,
        ),
      ),
    );
    const warnings = folders
      .filter((_folder, index) => present[index] === true)
      .map(
        (folder): CodexConfigWarning => ({
          code: "project-config-ignored",
          path: fileIn(folder),
          message: `${fileIn(folder)} is not read: the configuration does not trust this project, and Codex 0.171 reads a project's own config.toml only in a trusted one`,
        }),
      );
    return { layers: [], files: [], warnings };
  }
  const project = trust.project;
  const layers: ConfigLayer[] = [];
  const files: CodexConfigFile[] = [];
  const warnings: CodexConfigWarning[] = [];
  for (const folder of foldersDown(project, cwd, fs)) {
    const path = fileIn(folder);
    const read = await readToml(fs, path, input.maxBytes);
    if (read === undefined) continue;
    files.push({ path, project, found: true });
    const document = { ...read.document };
    for (const key of ignoredKeys) {
      if (!Object.hasOwn(document, key)) continue;
      delete document[key];
      warnings.push({
        code: "project-key-ignored",
        path,
        message: `${path}:${lineOf(read.lines, [key])}: ${key} is not taken from a project's config.toml (Codex 0.171 passes over it); set it in the user's config.toml`,
      });
    }
    layers.push({
      path: [],
      value: document,
      sourceOf: (keyPath) => ({ kind: "file", path, line: lineOf(read.lines, keyPath), project }),
    });
  }
  return { layers, files, warnings };
}

/** The folders from `top` down to `cwd`, both included; `cwd` alone when `top` is not above it. */
function foldersDown(top: string, cwd: string, fs: AgentsMdFileSystem): string[] {
  const folders = [cwd];
  for (let folder = cwd; folder !== top; ) {
    const parent = fs.path.dirname(folder);
    if (parent === folder) return [cwd];
    folders.push(parent);
    folder = parent;
  }
  return folders.reverse();
}
