import type { EntryKind } from "./file-system.js";
import type { RepeatedContent } from "./memory-entry.js";

/** A node of an in-memory tree: what one path of a memory file system holds. */
export type MemoryNode =
  | { readonly kind: "directory"; readonly inode: number; readonly children: Map<string, Child> }
  | {
      readonly kind: "file";
      readonly inode: number;
      readonly content: Uint8Array | RepeatedContent;
      readonly readError: string | undefined;
    }
  | { readonly kind: "symlink"; readonly inode: number; readonly target: string }
  | { readonly kind: "special"; readonly inode: number }
  | { readonly kind: "error"; readonly inode: number; readonly code: string };

/** A directory's entry: its name as given (the map's key may be folded) and its node. */
export interface Child {
  readonly name: string;
  readonly node: MemoryNode;
}

/** What a listing says an entry is: a failing entry's type is left for a `stat` to tell. */
export function entryKind(node: MemoryNode): EntryKind {
  switch (node.kind) {
    case "special":
      return "other";
    case "error":
      return "unknown";
    default:
      return node.kind;
  }
}
