import { CtxError, type CtxErrorOptions } from "@ctx/text";

/**
 * What an {@link AnthropicAdapterError} is about: `invalid-argument`, a request or an option the
 * adapter cannot map; `invalid-answer`, an answer of the API it cannot read (a content block
 * without its fields, tool input that is not a JSON object); `incomplete-answer`, a streamed
 * answer that failed or ended before its `message_stop`.
 */
export type AnthropicAdapterErrorCode = "invalid-argument" | "invalid-answer" | "incomplete-answer";

/** Options of an {@link AnthropicAdapterError}. */
export interface AnthropicAdapterErrorOptions extends CtxErrorOptions {
  /** The position of the item at fault, when one item is. */
  readonly index?: number | undefined;
}

/**
 * A request or an option the Anthropic adapter cannot map (a request that does not fit its
 * schema, an item the API cannot carry), or an answer of the API it cannot read. `index` is the
 * position of the item at fault, when one item is: in `request.input` for a request, in the
 * message's `content` for an answer.
 */
export class AnthropicAdapterError extends CtxError<AnthropicAdapterErrorCode> {
  /** The position of the item that could not be mapped. */
  readonly index: number | undefined;

  constructor(
    code: AnthropicAdapterErrorCode,
    message: string,
    options: AnthropicAdapterErrorOptions = {},
  ) {
    super(code, message, options);
    this.index = options.index;
  }
}
