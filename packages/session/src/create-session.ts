import { lazySchema } from "@ctx/protocol/internal";
import { createStandardRegistry } from "@ctx/registry";
import { sessionIdSchema } from "@ctx/rollout";
import { z } from "zod";
import { rolloutStoreSchema, sessionOptionsShape } from "./argument-schemas.js";
import { checkSchema } from "./check-argument.js";
import { itemRecord } from "./log/session-records.js";
import { openSession } from "./open-session.js";
import type { Session, SessionOptions } from "./session.js";
import { SessionState } from "./session-state.js";

/**
 * Creates a session. Nothing is sent or written until the first turn.
 *
 * @throws {SessionError} naming the option (`options.history[0].item: …`) when `options` does not
 * fit its type: an unknown field, a `history` entry that does not fit its schema, and so on.
 * @example
 * ```ts
 * const session = createSession();
 * const request = await session.beginTurn(
 *   { model: "ctx-coder", environments: [{ id: "local", cwd: "/repo", shell: "bash" }] },
 *   "Fix the tests.",
 * );
 * request.input.length; // 2: the context message, then the user's message
 * ```
 */
export function createSession(options: SessionOptions = {}): Session {
  const history = checkSchema("options", options, createOptionsSchema).history ?? [];
  const state = new SessionState(options.registry ?? createStandardRegistry());
  for (const entry of history) state.apply(itemRecord(entry));
  return openSession(state, options, { created: false, nextSequence: 0 }, [], history);
}

const createOptionsSchema = lazySchema(() =>
  z.strictObject({
    ...sessionOptionsShape,
    store: rolloutStoreSchema.optional(),
    sessionId: sessionIdSchema.optional(),
  }),
);
