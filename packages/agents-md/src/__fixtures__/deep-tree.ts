import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MemoryEntry } from "../memory-entry.js";

/** The tree of issue 17, as paths relative to its root (segments joined with `/`). */
export interface DeepTree {
  /** The working directory: 40 levels below the root. */
  readonly cwd: string;
  /** The folders to make (`mkdir -p` each): `.git`, the path down to cwd, and the siblings. */
  readonly folders: readonly string[];
  /** How many folders the tree holds, the root included and `.git` aside. */
  readonly folderCount: number;
  /** Every file and its text. */
  readonly files: ReadonlyMap<string, string>;
  /** How many folders the walk from cwd up to the root lists: the root and the 40 below it. */
  readonly foldersOnPath: number;
  /** How many AGENTS.md files lie on that walk: one every fifth level below the root. */
  readonly filesOnPath: number;
  /** How many AGENTS.md files lie in folders off the path, which discovery must not open. */
  readonly decoys: number;
}

export const deepTreeLevels = 40;

/**
 * A working directory 40 levels below a root holding `.git`, an AGENTS.md every fifth level on
 * the way down (8, cwd's included), 8 empty sibling folders at each level, and 10 decoy AGENTS.md
 * files in those siblings.
 */
export function deepTree(): DeepTree {
  const path: string[] = [];
  for (let level = 1; level <= deepTreeLevels; level += 1) path.push(`d${level}`);
  const folders = [".git", path.join("/")];
  const files = new Map<string, string>();
  const at = (segments: readonly string[], name: string) => [...segments, name].join("/");
  let decoys = 0;
  for (let level = 0; level < deepTreeLevels; level += 1) {
    const here = path.slice(0, level);
    for (let sibling = 0; sibling < 8; sibling += 1) {
      const folder = at(here, `s${sibling}`);
      folders.push(folder);
      if (decoys < 10 && sibling === 0 && level % 4 === 0) {
        files.set(`${folder}/AGENTS.md`, `decoy ${level}\n`);
        decoys += 1;
      }
    }
    if (level > 0 && level % 5 === 0) files.set(at(here, "AGENTS.md"), `rules ${level}\n`);
  }
  files.set(at(path, "AGENTS.md"), `rules ${deepTreeLevels}\n`);
  return {
    cwd: path.join("/"),
    folders,
    // The root and the 40 folders below it on the path, and the siblings.
    folderCount: deepTreeLevels + 1 + folders.length - 2,
    files,
    foldersOnPath: deepTreeLevels + 1,
    filesOnPath: files.size - decoys,
    decoys,
  };
}

/** The entries of a memory file system holding `tree` below `root` (an absolute POSIX path). */
export function deepTreeEntries(tree: DeepTree, root: string): Record<string, MemoryEntry> {
  const entries: Record<string, MemoryEntry> = {};
  for (const folder of tree.folders) entries[`${root}/${folder}`] = { directory: true };
  for (const [file, text] of tree.files) entries[`${root}/${file}`] = text;
  return entries;
}

/** Makes `tree` on disk below the existing folder `root`. */
export async function writeDeepTree(tree: DeepTree, root: string): Promise<void> {
  for (const folder of tree.folders) await mkdir(join(root, folder), { recursive: true });
  for (const [file, text] of tree.files) await writeFile(join(root, file), text);
}
