import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { AgentsMdError } from "./agents-md-error.js";
import { checkSchema } from "./check-argument.js";
import type { AgentsMdFileSystem, FileStat } from "./file-system.js";
import { fileSystemError } from "./file-system-failure.js";
import { openOptionsSchema, readdirOptionsSchema } from "./file-system-schemas.js";
import { entrySchema, type MemoryEntry } from "./memory-entry.js";
import { contentSize, toContent } from "./memory-file-content.js";
import { type Child, entryKind, type MemoryNode } from "./memory-node.js";
import { openedFile } from "./opened-memory-file.js";
import { splitAbsolute, splitRelative } from "./path-segments.js";
import { posixPath } from "./posix-path.js";

/** Options of {@link createMemoryFileSystem}. */
export interface MemoryFileSystemOptions {
  /** Look names up without regard to letter case, as macOS and Windows do by default. */
  readonly caseInsensitive?: boolean | undefined;
  /** The device number in every identity; give two file systems different ones. */
  readonly device?: number | undefined;
}

/** An in-memory {@link AgentsMdFileSystem} that can also be changed while in use. */
export interface MemoryFileSystem extends AgentsMdFileSystem {
  /** Adds or replaces the entry at an absolute path, creating missing parent directories. */
  set(path: string, entry: MemoryEntry): void;
  /** Removes the entry at an absolute path (a directory with everything in it); no-op if absent. */
  remove(path: string): void;
}
const optionsSchema = lazySchema(() =>
  z.strictObject({
    caseInsensitive: z.boolean().optional(),
    device: z.number().int().min(0).optional(),
  }),
) satisfies z.ZodType<MemoryFileSystemOptions>;

const maxSymlinkHops = 40;

/**
 * A POSIX-style file system held in memory, for tests and for virtual environments: directories,
 * files (text or bytes, or a huge repeated file that is never allocated), symlinks (loops end in
 * `ELOOP`), special files, and injected failures (`{ error: "EACCES" }` on every access,
 * `{ file, readError: "ENOENT" }` for a file that vanishes between discovery and read).
 * Parent directories are created as needed.
 *
 * @throws {AgentsMdError} `invalid-argument` for entries or options of the wrong kind (repeated
 * content with empty text, say) and for a path that is not absolute, is the root itself or holds
 * a NUL byte (its methods and `set` and `remove` throw it too); {@link Error} with code
 * `ENOTDIR` for an entry below a file.
 * @example
 * ```ts
 * const fs = createMemoryFileSystem({
 *   "/repo/.git": { directory: true },
 *   "/repo/AGENTS.md": "Use pnpm.",
 *   "/repo/docs/AGENTS.md": { symlink: "../AGENTS.md" },
 * });
 * ```
 */
export function createMemoryFileSystem(
  entries: Readonly<Record<string, MemoryEntry>> = {},
  options: MemoryFileSystemOptions = {},
): MemoryFileSystem {
  const checked = checkSchema("entries", entries, z.record(z.string(), entrySchema));
  const settings = checkSchema("options", options, optionsSchema);
  const device = settings.device ?? 1;
  const fold = settings.caseInsensitive === true ? (name: string) => name.toLowerCase() : undefined;
  let nextInode = 1;
  const root = {
    kind: "directory",
    inode: nextInode++,
    children: new Map<string, Child>(),
  } as const;

  const key = (name: string) => (fold === undefined ? name : fold(name));

  function nodeFor(entry: MemoryEntry): MemoryNode {
    const inode = nextInode++;
    if (typeof entry === "string" || entry instanceof Uint8Array || "repeat" in entry) {
      return { kind: "file", inode, content: toContent(entry), readError: undefined };
    }
    if ("file" in entry) {
      return { kind: "file", inode, content: toContent(entry.file), readError: entry.readError };
    }
    if ("directory" in entry) return { kind: "directory", inode, children: new Map() };
    if ("symlink" in entry) return { kind: "symlink", inode, target: entry.symlink };
    if ("special" in entry) return { kind: "special", inode };
    return { kind: "error", inode, code: entry.error };
  }

  /** The directory holding `path`'s last segment, created (not following symlinks) as needed. */
  function parentOf(
    argument: string,
    path: string,
  ): { directory: Map<string, Child>; name: string } {
    const segments = splitAbsolute(argument, path);
    const name = segments.pop();
    if (name === undefined) throw AgentsMdError.forArgument(argument, "expected a path below /");
    let directory = root.children;
    for (const segment of segments) {
      let child = directory.get(key(segment));
      if (child === undefined) {
        child = { name: segment, node: nodeFor({ directory: true }) };
        directory.set(key(segment), child);
      }
      if (child.node.kind !== "directory") throw fileSystemError("ENOTDIR", "set", path);
      directory = child.node.children;
    }
    return { directory, name };
  }

  /**
   * Follows `path` to its node, the way the kernel does; returns the node and its real path.
   * With `noFollow`, a symlink as the last segment fails with `ELOOP` instead.
   */
  function resolve(
    path: string,
    operation: string,
    noFollow = false,
  ): { node: MemoryNode; real: string[] } {
    const pending = splitAbsolute("path", path).reverse();
    const real: string[] = [];
    let node: MemoryNode = root;
    let hops = 0;
    for (let segment = pending.pop(); segment !== undefined; segment = pending.pop()) {
      if (segment === ".") continue;
      if (node.kind === "error") throw fileSystemError(node.code, operation, path);
      if (node.kind !== "directory") throw fileSystemError("ENOTDIR", operation, path);
      if (segment === "..") {
        real.pop();
        node = nodeAt(real);
        continue;
      }
      const child = node.children.get(key(segment));
      if (child === undefined) throw fileSystemError("ENOENT", operation, path);
      if (child.node.kind === "symlink") {
        if (noFollow && pending.length === 0) throw fileSystemError("ELOOP", operation, path);
        hops += 1;
        if (hops > maxSymlinkHops) throw fileSystemError("ELOOP", operation, path);
        const target = splitRelative(child.node.target);
        if (child.node.target.startsWith("/")) {
          real.length = 0;
          node = root;
        }
        for (const part of target.reverse()) pending.push(part);
        continue;
      }
      real.push(child.name);
      node = child.node;
    }
    if (node.kind === "error") throw fileSystemError(node.code, operation, path);
    return { node, real };
  }

  function nodeAt(segments: readonly string[]): MemoryNode {
    let node: MemoryNode = root;
    for (const segment of segments) {
      if (node.kind !== "directory") return node;
      const child = node.children.get(key(segment));
      if (child === undefined) return node;
      node = child.node;
    }
    return node;
  }

  const statOf = (node: MemoryNode): FileStat => {
    const identity = `${device}:${node.inode}`;
    if (node.kind === "directory") return { kind: "directory", size: 0, identity };
    if (node.kind === "file") return { kind: "file", size: contentSize(node.content), identity };
    return { kind: "other", size: 0, identity };
  };

  const fileSystem: MemoryFileSystem = {
    path: posixPath,
    async stat(path) {
      return statOf(resolve(path, "stat").node);
    },
    async realpath(path) {
      return `/${resolve(path, "realpath").real.join("/")}`;
    },
    async open(path, openOptions) {
      const { noFollow } = checkSchema(
        "options",
        openOptions === undefined ? {} : openOptions,
        openOptionsSchema,
      );
      const { node } = resolve(path, "open", noFollow === true);
      return openedFile(node, statOf(node), path);
    },
    async readdir(path, readdirOptions) {
      const { maxEntries } = checkSchema("options", readdirOptions, readdirOptionsSchema);
      const { node } = resolve(path, "scandir");
      if (node.kind !== "directory") throw fileSystemError("ENOTDIR", "scandir", path);
      if (node.children.size > maxEntries) return null;
      return [...node.children.values()].map(({ name, node: child }) => ({
        name,
        kind: entryKind(child),
      }));
    },
    set(path, entry) {
      place("path", path, checkSchema("entry", entry, entrySchema));
    },
    remove(path) {
      const { directory, name } = parentOf("path", path);
      directory.delete(key(name));
    },
  };

  /** Puts `entry` at `path`, the argument `argument` of the caller. */
  function place(argument: string, path: string, entry: MemoryEntry): void {
    const { directory, name } = parentOf(argument, path);
    directory.set(key(name), { name, node: nodeFor(entry) });
  }

  for (const [path, entry] of Object.entries(checked)) {
    place(`entries[${JSON.stringify(path)}]`, path, entry);
  }
  return fileSystem;
}
