import { lazySchema } from "@ctx/protocol/internal";
import { createStandardRegistry } from "@ctx/registry";
import { type RolloutStore, sessionIdSchema } from "@ctx/rollout";
import { z } from "zod";
import { rolloutStoreSchema, sessionOptionsShape } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import type { Session, SessionOptions } from "../session.js";
import { replayRollout } from "./replay-rollout.js";
import { resumeSession } from "./resume-session.js";

/** Options of {@link forkSession}. */
export interface ForkOptions extends Omit<SessionOptions, "store" | "sessionId"> {
  /** The session to fork. */
  readonly sessionId: string;
  /**
   * How many of its turns the fork keeps, counted in the order they began (rolled-back turns
   * included, as the rollout holds them); all of them when omitted or larger.
   */
  readonly atTurn?: number;
  /** The fork's id; a random UUID when omitted. */
  readonly forkId?: string;
}

const forkOptionsSchema = lazySchema(() =>
  z.strictObject({
    ...sessionOptionsShape,
    sessionId: sessionIdSchema,
    atTurn: z.number().int().min(0).optional(),
    forkId: sessionIdSchema.optional(),
  }),
);

/**
 * Forks a session: a new rollout that references the parent's records up to the turn it keeps
 * (nothing is copied), opened like a resume. The fork's first request begins with the parent's
 * history as it stood there, byte for byte, so the provider's cache still serves it; what
 * changed since comes after, as diffs.
 *
 * @throws {SessionError} naming the argument when `store` is not a rollout store or `options`
 * does not fit its type: a session id that is not one, an `atTurn` that is not a whole number ≥ 0.
 * @example
 * ```ts
 * const fork = await forkSession(store, { sessionId, atTurn: 2 });
 * ```
 */
export async function forkSession(store: RolloutStore, options: ForkOptions): Promise<Session> {
  checkSchema("store", store, rolloutStoreSchema);
  checkSchema("options", options, forkOptionsSchema);
  const registry = options.registry ?? createStandardRegistry();
  const parent = await store.read(options.sessionId, { from: "latest-checkpoint" });
  let sequence = parent.session.nextSequence;
  if (options.atTurn !== undefined) {
    const turn = options.atTurn + 1;
    let found = replayRollout(parent.records, registry).turnSequences.get(turn);
    if (found === undefined && parent.records[0]?.checkpoint === true) {
      // The turn began before the latest compaction: only then is the whole rollout read.
      const whole = await store.read(options.sessionId, { from: "start" });
      found = replayRollout(whole.records, registry).turnSequences.get(turn);
    }
    sequence = found ?? sequence;
  }
  const fork = await store.create({
    id: options.forkId ?? globalThis.crypto.randomUUID(),
    parent: { sessionId: options.sessionId, sequence },
  });
  const { forkId: _forkId, atTurn: _atTurn, ...sessionOptions } = options;
  return resumeSession(store, { ...sessionOptions, sessionId: fork.id });
}
