import { AdapterError, type AdapterErrorCode, type AdapterErrorOptions } from "@ctx/protocol";

/**
 * @deprecated Every adapter throws `AdapterError` of `@ctx/protocol` (its `provider` is
 * `"anthropic"`); this alias of it goes in the next minor version. `AnthropicAdapterError.isInstance` and
 * `instanceof` still recognise this adapter's errors, with the same `code` values.
 */
export const AnthropicAdapterError = AdapterError;
/** @deprecated Use `AdapterError` of `@ctx/protocol`; this alias goes in the next minor version. */
export type AnthropicAdapterError = AdapterError;
/** @deprecated Use `AdapterErrorCode` of `@ctx/protocol`; this alias goes in the next minor version. */
export type AnthropicAdapterErrorCode = AdapterErrorCode;
/** @deprecated Use `AdapterErrorOptions` of `@ctx/protocol`; this alias goes in the next minor version. */
export type AnthropicAdapterErrorOptions = AdapterErrorOptions;
