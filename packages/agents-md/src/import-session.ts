import type { AgentsMdFileSystem } from "./file-system.js";
import { findImportReferences, type ImportReference } from "./find-import-references.js";
import { type CheckedRead, readCheckedFile } from "./read-checked-file.js";

/** A file read for an import: its real path, the stat of the opened file and its bytes. */
export interface ImportRead extends CheckedRead {
  readonly realPath: string;
  /** Whether this is the first time the discovery read it (its encoding warnings go out once). */
  readonly first: boolean;
}

/**
 * What the imports of one discovery share: each target is resolved and each file read at most
 * once, and one count of imports tried, against the cap.
 */
export interface ImportSession {
  /** The most imports the discovery tries. */
  readonly maxImports: number;
  /**
   * Takes one import from the cap: `allowed`, then `capped` once (the caller reports it), then
   * `refused`.
   */
  take(): "allowed" | "capped" | "refused";
  /** The physical path of `target` (symlinks resolved), resolved once per discovery. */
  realpath(fs: AgentsMdFileSystem, target: string): Promise<string>;
  /**
   * The first `maxBytes` bytes of the regular file at `realPath`, checked and read once per
   * discovery: `stat` names the file that passed the check, the open follows no symlink, and
   * the opened file must be that file (see {@link readCheckedFile}). A later call that needs no
   * more bytes than the first read reuses it.
   */
  read(fs: AgentsMdFileSystem, realPath: string, maxBytes: number): Promise<ImportRead>;
  /**
   * The `@path` references of `text`, read from `realPath`, parsed once per file: a later,
   * shorter read of the same file (a prefix of the text parsed) reuses them, keeping those that
   * end before the shorter text does.
   */
  references(realPath: string, text: string): readonly ImportReference[];
}

/** A fresh {@link ImportSession} for one discovery. */
export function createImportSession(maxImports: number): ImportSession {
  let taken = 0;
  const realPaths = new Map<string, Promise<string>>();
  const reads = new Map<
    string,
    { readonly maxBytes: number; readonly read: Promise<CheckedRead> }
  >();
  const parsed = new Map<
    string,
    { readonly text: string; readonly references: ImportReference[] }
  >();
  return {
    maxImports,
    take() {
      taken += 1;
      if (taken <= maxImports) return "allowed";
      return taken === maxImports + 1 ? "capped" : "refused";
    },
    realpath(fs, target) {
      let resolved = realPaths.get(target);
      if (resolved === undefined) {
        resolved = fs.realpath(target);
        realPaths.set(target, resolved);
      }
      return resolved;
    },
    async read(fs, realPath, maxBytes) {
      const cached = reads.get(realPath);
      if (cached !== undefined) {
        const earlier = await cached.read;
        const whole = earlier.bytes.length < cached.maxBytes;
        if (whole || maxBytes <= cached.maxBytes) {
          return { ...earlier, realPath, bytes: earlier.bytes.subarray(0, maxBytes), first: false };
        }
      }
      const read = checkThenRead(fs, realPath, maxBytes);
      reads.set(realPath, { maxBytes, read });
      return { ...(await read), realPath, first: true };
    },
    references(realPath, text) {
      const earlier = parsed.get(realPath);
      if (earlier?.text.startsWith(text)) {
        return text.length === earlier.text.length
          ? earlier.references
          : earlier.references.filter((reference) => reference.end < text.length);
      }
      const references = findImportReferences(text);
      parsed.set(realPath, { text, references });
      return references;
    },
  };
}

async function checkThenRead(
  fs: AgentsMdFileSystem,
  realPath: string,
  maxBytes: number,
): Promise<CheckedRead> {
  const checked = await fs.stat(realPath);
  return readCheckedFile(fs, realPath, { maxBytes, identity: checked.identity, noFollow: true });
}
