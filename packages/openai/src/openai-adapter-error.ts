import { CtxError, type CtxErrorOptions } from "@ctx/text";

/**
 * What an {@link OpenAIAdapterError} is about: `invalid-argument`, a request or an option the
 * adapter cannot map; `invalid-answer`, an answer of the API it cannot read (an output item
 * without its fields); `incomplete-answer`, a streamed answer that failed or ended before the
 * response was complete.
 */
export type OpenAIAdapterErrorCode = "invalid-argument" | "invalid-answer" | "incomplete-answer";

/** Options of an {@link OpenAIAdapterError}. */
export interface OpenAIAdapterErrorOptions extends CtxErrorOptions {
  /** The position of the item at fault, when one item is. */
  readonly index?: number | undefined;
}

/**
 * A request or an option the OpenAI adapter cannot map (a request that does not fit its schema,
 * an item the chosen API cannot carry), or an answer of the API it cannot read. `index` is the
 * position of the item at fault, when one item is: in `request.input` for a request, in the
 * output (or the choice's tool calls) for an answer.
 */
export class OpenAIAdapterError extends CtxError<OpenAIAdapterErrorCode> {
  /** The position of the item that could not be mapped. */
  readonly index: number | undefined;

  constructor(
    code: OpenAIAdapterErrorCode,
    message: string,
    options: OpenAIAdapterErrorOptions = {},
  ) {
    super(code, message, options);
    this.index = options.index;
  }
}
