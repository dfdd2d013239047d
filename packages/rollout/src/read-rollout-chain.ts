import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { RolloutError } from "./rollout-error.js";
import type { StoredRecord } from "./rollout-record.js";
import { sessionIdSchema } from "./rollout-schemas.js";
import type { RolloutRead, SessionInfo } from "./rollout-store.js";

/** A session's own records as one store reads them. */
export interface OwnRecords {
  readonly records: readonly StoredRecord[];
  /** Whether `records` starts at a checkpoint, so older records are not needed. */
  readonly fromCheckpoint: boolean;
  readonly warnings: readonly CtxWarning[];
}

/** What a store gives {@link readRolloutChain}: sessions and their own records. */
export interface RolloutChainSource {
  info(sessionId: string): Promise<SessionInfo | undefined>;
  /**
   * The session's own records (not its parent's) with a sequence below `below`: all of them for
   * `start`, else from the latest checkpoint below `below` (or all of them when there is none).
   */
  ownRecords(
    session: SessionInfo,
    below: number,
    from: "latest-checkpoint" | "start",
  ): Promise<OwnRecords>;
}

const fromSchema = lazySchema(() => z.enum(["latest-checkpoint", "start"]));

/**
 * Reads a session as its logical rollout: its own records, preceded by the prefix of each
 * ancestor it forks from, going up the chain only until a checkpoint is found (or to the root
 * for `start`). Only the session's own warnings are kept: an ancestor's prefix is complete by
 * construction.
 *
 * @throws {RolloutError} `session-not-found`, or `invalid-parent` when an ancestor is missing;
 * `invalid-argument` naming `source`, `sessionId` or `from` when one is not what it should be.
 * @example
 * ```ts
 * const read = await readRolloutChain(
 *   { info: async (id) => sessions.get(id), ownRecords: readOwnRecords },
 *   "s-1",
 *   "latest-checkpoint",
 * );
 * ```
 */
export async function readRolloutChain(
  source: RolloutChainSource,
  sessionId: string,
  from: "latest-checkpoint" | "start",
): Promise<RolloutRead> {
  const given = source as Partial<Record<keyof RolloutChainSource, unknown>> | null;
  if (
    typeof given !== "object" ||
    given === null ||
    typeof given.info !== "function" ||
    typeof given.ownRecords !== "function"
  ) {
    throw new RolloutError(
      "invalid-argument",
      "invalid source: expected an object with info and ownRecords methods",
    );
  }
  checkSchema("sessionId", sessionId, sessionIdSchema);
  checkSchema("from", from, fromSchema);
  const head = await source.info(sessionId);
  if (head === undefined) throw RolloutError.sessionNotFound(sessionId);
  const segments: (readonly StoredRecord[])[] = [];
  const visited = new Set<string>();
  let warnings: readonly CtxWarning[] = [];
  let current = head;
  let below = Number.POSITIVE_INFINITY;
  for (;;) {
    visited.add(current.id);
    const own = await source.ownRecords(current, Math.min(below, current.nextSequence), from);
    segments.push(own.records);
    if (current === head) warnings = own.warnings;
    if ((from === "latest-checkpoint" && own.fromCheckpoint) || current.parent === undefined) break;
    const reference = current.parent;
    const parent = visited.has(reference.sessionId)
      ? undefined
      : await source.info(reference.sessionId);
    if (parent === undefined)
      throw new RolloutError(
        "invalid-parent",
        `session ${current.id} forks from ${reference.sessionId}, which is missing`,
        { sessionId: current.id },
      );
    below = reference.sequence;
    current = parent;
  }
  return { session: head, records: segments.reverse().flat(), warnings };
}
