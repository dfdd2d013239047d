import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { decodeBase64Url, encodeBase64Url } from "./base64-url.js";
import { checkSchema } from "./check-argument.js";
import { RolloutError } from "./rollout-error.js";
import { listOptionsSchema } from "./rollout-schemas.js";
import type { SessionInfo, SessionPage } from "./rollout-store.js";

/** Listing options after validation. */
export interface PageOptions {
  readonly limit?: number | undefined;
  readonly cwd?: string | undefined;
  readonly cursor?: string | undefined;
  readonly includeArchived?: boolean | undefined;
}

const cursorSchema = lazySchema(() => z.tuple([z.string(), z.string()]));

/** Orders sessions most recently updated first, then by id, so every session has one place. */
function comesBefore(left: readonly [string, string], right: readonly [string, string]): boolean {
  if (left[0] !== right[0]) return left[0] > right[0];
  return left[1] > right[1];
}

function encodeCursor(session: SessionInfo): string {
  return encodeBase64Url(JSON.stringify([session.updatedAt, session.id]));
}

function decodeCursor(cursor: string): readonly [string, string] {
  try {
    return cursorSchema.parse(JSON.parse(decodeBase64Url(cursor) ?? ""));
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
 * Refuses what is not a session as a listing reads it. Only the fields a listing orders and
 * filters by are looked at, so the check costs the same for any session.
 */
function checkSession(value: unknown, what: string): asserts value is SessionInfo {
  const session = value as Partial<Record<keyof SessionInfo, unknown>> | null;
  if (
    typeof session !== "object" ||
    session === null ||
    typeof session.id !== "string" ||
    typeof session.updatedAt !== "string" ||
    typeof session.archived !== "boolean"
  ) {
    throw new RolloutError(
      "invalid-argument",
      `invalid ${what}: expected a session with a string id and updatedAt and a boolean archived`,
    );
  }
}

function listedBefore(left: SessionInfo, right: SessionInfo): boolean {
  return comesBefore([left.updatedAt, left.id], [right.updatedAt, right.id]);
}

/**
 * Whether `left` is listed before `right`: most recently updated first, then by id, so every
 * session has one place. A store that keeps its own index sorts it with this.
 *
 * @throws {RolloutError} `invalid-argument` when `left` or `right` is not a session.
 * @example
 * ```ts
 * sessions.sort((left, right) => (isListedBefore(left, right) ? -1 : 1));
 * ```
 */
export function isListedBefore(left: SessionInfo, right: SessionInfo): boolean {
  checkSession(left, "left");
  checkSession(right, "right");
  return listedBefore(left, right);
}

function pageFilter(options: PageOptions): (session: SessionInfo) => boolean {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  return (session) =>
    (!session.archived || options.includeArchived === true) &&
    (options.cwd === undefined || session.cwd === options.cwd) &&
    (after === undefined || comesBefore(after, [session.updatedAt, session.id]));
}

/**
 * The test a session passes to be on a page: not archived (unless asked), in the folder asked
 * for, and after the cursor. `options` are a listing's options (`listOptionsSchema`).
 *
 * @throws {RolloutError} `invalid-argument` for options that are not a listing's, or a cursor no
 * listing returned.
 */
export function createPageFilter(options: PageOptions): (session: SessionInfo) => boolean {
  return pageFilter(checkSchema("options", options, listOptionsSchema));
}

/**
 * One page of a listing: the sessions that pass the filters, most recently updated first,
 * starting after the cursor. Keeps only `limit + 1` candidates while it goes, so a page of 50
 * out of 10,000 sessions costs one pass and no full sort.
 *
 * @throws {RolloutError} `invalid-argument` when `sessions` is not an iterable of sessions or
 * `options` are not a listing's options, or for a cursor no listing returned.
 * @example
 * ```ts
 * const page = pageSessions(sessions.values(), { limit: 20 });
 * ```
 */
export function pageSessions(sessions: Iterable<SessionInfo>, options: PageOptions): SessionPage {
  if (
    typeof sessions !== "object" ||
    sessions === null ||
    typeof (sessions as Partial<Iterable<unknown>>)[Symbol.iterator] !== "function"
  ) {
    throw new RolloutError(
      "invalid-argument",
      "invalid sessions: expected an iterable of sessions",
    );
  }
  const checked = checkSchema("options", options, listOptionsSchema);
  const limit = checked.limit ?? 50;
  const listed = pageFilter(checked);
  const kept: SessionInfo[] = [];
  let position = 0;
  for (const session of sessions) {
    checkSession(session, `sessions[${position}]`);
    position += 1;
    if (!listed(session)) continue;
    if (kept.length > limit) {
      const last = kept[kept.length - 1];
      if (last === undefined || !listedBefore(session, last)) continue;
      kept.pop();
    }
    let index = kept.length;
    while (index > 0) {
      const previous = kept[index - 1];
      if (previous === undefined || !listedBefore(session, previous)) break;
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
