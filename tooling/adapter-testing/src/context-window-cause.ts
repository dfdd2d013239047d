import { ContextWindowError } from "@ctx/protocol";

/**
 * The `cause` of `reason`, which must be a `ContextWindowError`: the provider's own error, for a
 * test to check what the summarizer recognised.
 *
 * @throws {Error} when `reason` is not a `ContextWindowError`.
 */
export function contextWindowCause(reason: unknown): unknown {
  if (!ContextWindowError.isInstance(reason)) {
    throw new Error(`expected a ContextWindowError, got ${String(reason)}`);
  }
  return reason.cause;
}
