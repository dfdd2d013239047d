import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { byteCountSchema } from "./file-system-schemas.js";

/** A large file made of one piece of text repeated, held without allocating its bytes. */
export interface RepeatedContent {
  /** The text repeated (UTF-8); must not be empty. */
  readonly repeat: string;
  /** The file's size in bytes; the last repetition may be cut. */
  readonly bytes: number;
}

/** What an in-memory file holds. */
export type MemoryFileContent = string | Uint8Array | RepeatedContent;

/**
 * One entry of an in-memory tree: a string or bytes is a regular file; the object forms add a
 * directory, a symlink, a special file (FIFO, socket, device), a file that fails when read, or
 * a path where every access fails (an unreadable or unsearchable entry).
 */
export type MemoryEntry =
  | MemoryFileContent
  | { readonly file: MemoryFileContent; readonly readError?: string | undefined }
  | { readonly directory: true }
  | { readonly symlink: string }
  | { readonly special: "fifo" | "socket" | "device" }
  | { readonly error: string };

const contentSchema = lazySchema(() =>
  z.union([
    z.string(),
    z.instanceof(Uint8Array),
    z.strictObject({ repeat: z.string().min(1), bytes: byteCountSchema }),
  ]),
);

/** The schema of a {@link MemoryEntry}. */
export const entrySchema = lazySchema(() =>
  z.union([
    contentSchema,
    z.strictObject({ file: contentSchema, readError: z.string().min(1).optional() }),
    z.strictObject({ directory: z.literal(true) }),
    z.strictObject({ symlink: z.string().min(1) }),
    z.strictObject({ special: z.enum(["fifo", "socket", "device"]) }),
    z.strictObject({ error: z.string().min(1) }),
  ]),
) satisfies z.ZodType<MemoryEntry>;
