import type { AgentsMdFileSystem, EntryKind } from "./file-system.js";
import { errorCodeOf } from "./file-system-failure.js";

/**
 * A directory holding more entries than this is not listed: its candidate names are checked one
 * by one instead, so memory stays bounded whatever the tree.
 */
const maxListedEntries = 4096;

/**
 * What a listing tells of a name: absent, a file, a directory or something else; `unknown` when
 * only a `stat` can tell (a symlink, a name that differs only in letter case or normalisation on
 * a file system that may ignore it, a directory that could not be listed).
 */
export type ListedKind = "absent" | "file" | "directory" | "other" | "unknown";

/** Lists each directory once and answers questions about its names from the listing. */
export interface DirectoryLister {
  /** What `name` in `directory` is, as far as the listing of `directory` tells. */
  lookup(directory: string, name: string): Promise<ListedKind>;
  /**
   * What its listing tells of `path` itself: a directory (listed, or too large to list), not a
   * directory (`ENOTDIR`), or `unknown` (missing, or the listing failed otherwise).
   */
  folderState(path: string): Promise<"directory" | "not-a-directory" | "unknown">;
}

type Listing =
  | { readonly listed: true; readonly kinds: Map<string, EntryKind>; readonly folded: Set<string> }
  | { readonly listed: false; readonly code: string | null };

/**
 * A lister over `fs` that reads each directory at most once: discovery asks a directory about
 * its root markers and its candidate names from one listing. Make one per discovery (or per
 * tracker call): a listing is not refreshed.
 */
export function createDirectoryLister(fs: AgentsMdFileSystem): DirectoryLister {
  const listings = new Map<string, Promise<Listing>>();
  const listingOf = (directory: string): Promise<Listing> => {
    let listing = listings.get(directory);
    if (listing === undefined) {
      listing = list(fs, directory);
      listings.set(directory, listing);
    }
    return listing;
  };
  return {
    async lookup(directory, name) {
      const listing = await listingOf(directory);
      if (!listing.listed) {
        return listing.code === "ENOENT" || listing.code === "ENOTDIR" ? "absent" : "unknown";
      }
      const kind = listing.kinds.get(name);
      if (kind === undefined) return listing.folded.has(fold(name)) ? "unknown" : "absent";
      return kind === "symlink" ? "unknown" : kind;
    },
    async folderState(path) {
      const listing = await listingOf(path);
      if (listing.listed || listing.code === null) return "directory";
      return listing.code === "ENOTDIR" ? "not-a-directory" : "unknown";
    },
  };
}

async function list(fs: AgentsMdFileSystem, directory: string): Promise<Listing> {
  let entries: Awaited<ReturnType<AgentsMdFileSystem["readdir"]>>;
  try {
    entries = await fs.readdir(directory, { maxEntries: maxListedEntries });
  } catch (error) {
    return { listed: false, code: errorCodeOf(error) };
  }
  if (entries === null) return { listed: false, code: null };
  const kinds = new Map<string, EntryKind>();
  const folded = new Set<string>();
  for (const entry of entries) {
    kinds.set(entry.name, entry.kind);
    folded.add(fold(entry.name));
  }
  return { listed: true, kinds, folded };
}

/**
 * A name as a file system that ignores letter case or normalisation might see it: two names with
 * the same fold may be one file there, so a stat decides.
 */
function fold(name: string): string {
  return name.normalize("NFC").toLowerCase();
}
