import { lazySchema } from "@ctx/protocol/internal";
import {
  parentReferenceSchema,
  type SessionInfo,
  sequenceSchema,
  sessionIdSchema,
  storedJsonSchema,
} from "@ctx/rollout";
import { z } from "zod";

/**
 * The first line of the index. Version 1 (written before listings read the index backwards)
 * has no sorted part; version 2 says how many bytes after the header hold one line per session,
 * oldest first, as the last rewrite left them.
 */
const indexHeaderSchema = lazySchema(() =>
  z.union([
    z.object({ index: z.literal(1) }).strict(),
    z.object({ index: z.literal(2), sorted: sequenceSchema }).strict(),
  ]),
);
const entryLineSchema = lazySchema(() =>
  z
    .object({
      id: sessionIdSchema,
      createdAt: z.string(),
      updatedAt: z.string(),
      cwd: z.string().optional(),
      parent: parentReferenceSchema.optional(),
      nextSequence: sequenceSchema,
      archived: z.boolean(),
      meta: storedJsonSchema,
      size: sequenceSchema,
    })
    .strict(),
);
const deletedLineSchema = lazySchema(() =>
  z.object({ id: sessionIdSchema, deleted: z.literal(true) }).strict(),
);

/** A session as the index lists it, with the size of its log when the line was written. */
export interface IndexedSession {
  readonly info: SessionInfo;
  readonly size: number;
}

/** A change to the index: a session's new state, or its removal. */
export type IndexChange = IndexedSession | { readonly deleted: string };

/** The index's first line: how many bytes after it are sorted oldest first. */
export interface IndexHeader {
  readonly sortedBytes: number;
}

/** The index's first line, newline included, for a sorted part of `sortedBytes` bytes. */
export function encodeIndexHeader(sortedBytes: number): string {
  return `${JSON.stringify({ index: 2, sorted: sortedBytes })}\n`;
}

/**
 * One line of the index file for `change`, newline included. The object has one shape for
 * every session (`JSON.stringify` leaves out a `cwd` or `parent` that is `undefined`), which
 * keeps the rewrite of a large index on `JSON.stringify`'s fast path.
 */
export function encodeIndexChange(change: IndexChange): string {
  if ("deleted" in change) return `${JSON.stringify({ id: change.deleted, deleted: true })}\n`;
  const { info, size } = change;
  return `${JSON.stringify({
    id: info.id,
    createdAt: info.createdAt,
    updatedAt: info.updatedAt,
    cwd: info.cwd,
    parent: info.parent,
    nextSequence: info.nextSequence,
    archived: info.archived,
    meta: info.meta,
    size,
  })}\n`;
}

/** The change one line of the index file holds, the header for its first line, or `undefined` when the line is unreadable. */
export function decodeIndexLine(text: string): IndexChange | IndexHeader | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // One schema per line, chosen by its shape: a failed parse costs more than a good one.
  if (typeof value !== "object" || value === null) return undefined;
  if ("index" in value) {
    const header = indexHeaderSchema.safeParse(value);
    if (!header.success) return undefined;
    return { sortedBytes: "sorted" in header.data ? header.data.sorted : 0 };
  }
  if ("deleted" in value) {
    const deleted = deletedLineSchema.safeParse(value);
    return deleted.success ? { deleted: deleted.data.id } : undefined;
  }
  const entry = entryLineSchema.safeParse(value);
  if (!entry.success) return undefined;
  const { size, cwd, parent, ...rest } = entry.data;
  return { info: { ...rest, cwd, parent }, size };
}
