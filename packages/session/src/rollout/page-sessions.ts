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
 * One page of a listing: the sessions that pass the filters, most recently updated first,
 * starting after the cursor. Keeps only `limit + 1` candidates while it goes, so a page of 50
 * out of 10,000 sessions costs one pass and no full sort.
 *
 * @throws {RolloutError} `invalid-argument` for a cursor no listing returned.
 */
export function pageSessions(sessions: Iterable<SessionInfo>, options: PageOptions): SessionPage {
  const limit = options.limit ?? 50;
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const kept: SessionInfo[] = [];
  for (const session of sessions) {
    if (session.archived && options.includeArchived !== true) continue;
    if (options.cwd !== undefined && session.cwd !== options.cwd) continue;
    const key = [session.updatedAt, session.id] as const;
    if (after !== undefined && !comesBefore(after, key)) continue;
    if (kept.length > limit) {
      const last = kept[kept.length - 1];
      if (last === undefined || !comesBefore(key, [last.updatedAt, last.id])) continue;
      kept.pop();
    }
    let index = kept.length;
    while (index > 0) {
      const previous = kept[index - 1];
      if (previous === undefined || !comesBefore(key, [previous.updatedAt, previous.id])) break;
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
