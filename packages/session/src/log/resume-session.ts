import { lazySchema } from "@ctx/protocol/internal";
import { createStandardRegistry } from "@ctx/registry";
import { type RolloutStore, sessionIdSchema } from "@ctx/rollout";
import { z } from "zod";
import { rolloutStoreSchema, sessionOptionsShape } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import { openSession } from "../open-session.js";
import type { Session, SessionOptions } from "../session.js";
import { loadDefaultTokenizer } from "../tokens/load-default-tokenizer.js";
import { replayRollout } from "./replay-rollout.js";

/** Options of {@link resumeSession}: the session's id, and the options of a new session. */
export interface ResumeOptions extends Omit<SessionOptions, "store" | "sessionId"> {
  readonly sessionId: string;
}

const resumeOptionsSchema = lazySchema(() =>
  z.strictObject({ ...sessionOptionsShape, sessionId: sessionIdSchema }),
);

/**
 * Opens a session from its rollout in `store`: the history with its origins, the base
 * instructions, and the snapshots the model was last shown, read from the latest compaction
 * forward (nothing before it is read). Nothing is sent or written until
 * the next turn, which diffs against those snapshots: an AGENTS.md edited meanwhile is sent once,
 * as a replacement; a new model is announced. Limits met while reading (a torn last record)
 * come back as warnings of that first turn.
 *
 * @throws {SessionError} when a record cannot be read, or naming the argument when `store` is not
 * a rollout store or `options` does not fit its type (`options.sessionId: …`).
 * @throws {RolloutError} from the store, when the session does not exist.
 * @example
 * ```ts
 * const session = await resumeSession(store, { sessionId });
 * const request = await session.beginTurn(turnContext, "Where were we?");
 * ```
 */
export async function resumeSession(store: RolloutStore, options: ResumeOptions): Promise<Session> {
  checkSchema("store", store, rolloutStoreSchema);
  checkSchema("options", options, resumeOptionsSchema);
  const read = await store.read(options.sessionId, { from: "latest-checkpoint" });
  const { state } = replayRollout(read.records, options.registry ?? createStandardRegistry());
  // Started, not awaited: the resume costs what the model will see, not the tokenizer's load
  // (about 350 ms). The first turn waits for it and reports a failure; the estimate counts
  // until then.
  if (options.tokenizer === undefined) loadDefaultTokenizer().catch(() => undefined);
  return openSession(
    state,
    { ...options, store },
    { created: true, nextSequence: read.session.nextSequence },
    read.warnings,
  );
}
