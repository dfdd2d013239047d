import { CtxError, type CtxErrorOptions } from "@ctx/text";

/**
 * What an {@link AiSdkAdapterError} is about: `invalid-argument`, a request or an option the
 * adapter cannot map; `invalid-answer`, an answer it cannot read (a message part without its
 * fields, a tool result with no call before it); `incomplete-answer`, a streamed answer that
 * failed before it was complete (the provider's error is the `cause`).
 */
export type AiSdkAdapterErrorCode = "invalid-argument" | "invalid-answer" | "incomplete-answer";

/** Options of an {@link AiSdkAdapterError}. */
export interface AiSdkAdapterErrorOptions extends CtxErrorOptions {
  /** The position of the item at fault, when one item is. */
  readonly index?: number | undefined;
}

/**
 * A request or an option the AI SDK adapter cannot map (a request that does not fit its schema,
 * an item the AI SDK cannot carry), or an answer it cannot read. `index` is the position of the
 * item at fault, when one item is: in `request.input` for a request, in `response.messages`
 * for an answer.
 */
export class AiSdkAdapterError extends CtxError<AiSdkAdapterErrorCode> {
  /** The position of the item that could not be mapped. */
  readonly index: number | undefined;

  constructor(
    code: AiSdkAdapterErrorCode,
    message: string,
    options: AiSdkAdapterErrorOptions = {},
  ) {
    super(code, message, options);
    this.index = options.index;
  }
}
