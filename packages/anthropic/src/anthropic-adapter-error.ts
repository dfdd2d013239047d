import { CtxError, type CtxErrorOptions } from "@ctx/text";

/**
 * A request or an option the Anthropic adapter cannot map: a request that does not fit its schema,
 * or an item the chosen API cannot carry. `index` is the position in `request.input` of the item
 * at fault, when one item is.
 */
export class AnthropicAdapterError extends CtxError {
  /** The position in `request.input` of the item that could not be mapped. */
  readonly index: number | undefined;

  constructor(message: string, index?: number, options: CtxErrorOptions = {}) {
    super(message, options);
    this.index = index;
  }
}
