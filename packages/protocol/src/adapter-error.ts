import { CtxError, type CtxErrorOptions } from "@ctx/text";

/**
 * What an {@link AdapterError} is about: `invalid-argument`, a request or an option the adapter
 * cannot map; `invalid-answer`, an answer of the provider it cannot read (an item or a block
 * without its fields, two tool calls of one id); `incomplete-answer`, a streamed answer that
 * failed or ended before it was complete.
 */
export type AdapterErrorCode = "invalid-argument" | "invalid-answer" | "incomplete-answer";

/** Options of an {@link AdapterError}. */
export interface AdapterErrorOptions extends CtxErrorOptions {
  /** The adapter's provider: `openai`, `anthropic`, `ai-sdk`. */
  readonly provider: string;
  /** The position of the item at fault, when one item is. */
  readonly index?: number | undefined;
}

/**
 * What every adapter throws: a request or an option it cannot map (a request that does not fit
 * its schema, an item the provider cannot carry), or an answer of the provider it cannot read.
 * `provider` names the adapter; `index` is the position of the item at fault, when one item is:
 * in `request.input` for a request, in the answer's items (output items, content blocks,
 * response messages) for an answer.
 * @example
 * ```ts
 * try {
 *   toResponsesParams(request);
 * } catch (error) {
 *   if (AdapterError.isInstance(error) && error.code === "invalid-argument") console.error(error.index);
 * }
 * ```
 */
export class AdapterError extends CtxError<AdapterErrorCode> {
  /** The adapter's provider: `openai`, `anthropic`, `ai-sdk`. */
  readonly provider: string;
  /** The position of the item that could not be mapped. */
  readonly index: number | undefined;

  constructor(code: AdapterErrorCode, message: string, options: AdapterErrorOptions) {
    super(code, message, options);
    this.provider = options.provider;
    this.index = options.index;
  }
}
