import { z } from "zod";
import { RolloutError } from "./rollout-error.js";
import type { SessionInfo, SessionPage } from "./rollout-store.js";

/** Listing options after validation. */
export interface PageOptions {
  readonly limit?: number | undefined;
  readonly cwd?: string | undefined;
  readonly cursor?: string | undefined;
  readonly includeArchived?: boolean | undefined;
}

const cursorSchema = z.tuple([z.string(), z.string()]);

/** Orders sessions most recently updated first, then by id, so every session has one place. */
function comesBefore(left: readonly [string, string], right: readonly [string, string]): boolean {
  if (left[0] !== right[0]) return left[0] > right[0];
  return left[1] > right[1];
}

function encodeCursor(session: SessionInfo): string {
  return Buffer.from(JSON.stringify([session.updatedAt, session.id])).toString("base64url");
}

function decodeCursor(cursor: string): readonly [string, string] {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch (error) {
    throw new RolloutError(
      "invalid-argument",
      "invalid list options: cursor is not one a listing returned",
      {
        cause: error,
      },
    );
  }
}

/**
 * Whether `left` is listed before `right`: most recently updated first, then by id, so every
 * session has one place.
 */
export function isListedBefore(left: SessionInfo, right: SessionInfo): boolean {
  return comesBefore([left.updatedAt, left.id], [right.updatedAt, right.id]);
}

/**
 * The test a session passes to be on a page: not archived (unless asked), in the folder asked
 * for, and after the cursor.
 *
 * @throws {RolloutError} `invalid-argument` for a cursor no listing returned.
 */
export function createPageFilter(options: PageOptions): (session: SessionInfo) => boolean {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  return (session) =>
    (!session.archived || options.includeArchived === true) &&
    (options.cwd === undefined || session.cwd === options.cwd) &&
    (after === undefined || comesBefore(after, [session.updatedAt, session.id]));
}

/**
 * One page of a listing: the sessions that pass the filters, most recently updated first,
 * starting after the cursor. Keeps only `limit + 1` candidates while it goes, so a page of 50
 * out of 10,000 sessions costs one pass and no full sort.
 *
 * @throws {RolloutError} `invalid-argument` for a cursor no listing returned.
 */
export function pageSessions(sessions: Iterable<SessionInfo>, options: PageOptions): SessionPage {
  const limit = options.limit ?? 50;
  const listed = createPageFilter(options);
  const kept: SessionInfo[] = [];
  for (const session of sessions) {
    if (!listed(session)) continue;
    if (kept.length > limit) {
      const last = kept[kept.length - 1];
      if (last === undefined || !isListedBefore(session, last)) continue;
      kept.pop();
    }
    let index = kept.length;
    while (index > 0) {
      const previous = kept[index - 1];
      if (previous === undefined || !isListedBefore(session, previous)) break;
      index -= 1;
    }
    kept.splice(index, 0, session);
  }
  const page = kept.slice(0, limit);
  const last = page[page.length - 1];
  return {
    sessions: page,
    cursor: kept.length > limit && last !== undefined ? encodeCursor(last) : undefined,
  };
}
