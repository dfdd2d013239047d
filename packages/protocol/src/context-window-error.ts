import { CtxError } from "@ctx/text";

/**
 * What a {@link ContextWindowError} is about: `context-window-exceeded`, a request that does not
 * fit the model's context window.
 */
export type ContextWindowErrorCode = "context-window-exceeded";

/**
 * What a {@link Summarizer} throws when its request does not fit the model's context window, so
 * the session knows to drop the oldest history item and try again rather than give up.
 * @example
 * ```ts
 * throw new ContextWindowError(
 *   "context-window-exceeded",
 *   "the request has 300,000 tokens; the window is 272,000",
 * );
 * ```
 */
export class ContextWindowError extends CtxError<ContextWindowErrorCode> {}
