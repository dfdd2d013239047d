import { CtxError } from "@ctx/text";

/**
 * What a {@link Summarizer} throws when its request does not fit the model's context window, so
 * the session knows to drop the oldest history item and try again rather than give up.
 * @example
 * ```ts
 * throw new ContextWindowError("the request has 300,000 tokens; the window is 272,000");
 * ```
 */
export class ContextWindowError extends CtxError {}
