import { lazySchema } from "@ctx/protocol/internal";
import { RolloutError, type SessionInfo, sessionIdSchema } from "@ctx/rollout";
import { z } from "zod";

const cursorSchema = lazySchema(() => z.tuple([z.iso.datetime(), sessionIdSchema]));

/** Where a listing page ends: the last session's update time and id. */
export interface SessionCursor {
  readonly updatedAt: string;
  readonly id: string;
}

/** The cursor that continues a listing after `session`. */
export function encodeSessionCursor(session: SessionInfo): string {
  return Buffer.from(JSON.stringify([session.updatedAt, session.id])).toString("base64url");
}

/**
 * The place a cursor from {@link encodeSessionCursor} names.
 *
 * @throws {RolloutError} `invalid-argument` for a cursor no listing returned.
 */
export function decodeSessionCursor(cursor: string): SessionCursor {
  try {
    const [updatedAt, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")),
    );
    return { updatedAt, id };
  } catch (error) {
    throw new RolloutError(
      "invalid-argument",
      "invalid list options: cursor is not one a listing returned",
      { cause: error },
    );
  }
}
