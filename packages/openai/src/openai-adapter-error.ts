import { AdapterError, type AdapterErrorCode, type AdapterErrorOptions } from "@ctx/protocol";

/**
 * @deprecated Every adapter throws `AdapterError` of `@ctx/protocol` (its `provider` is
 * `"openai"`); this alias of it goes in the next minor version. `OpenAIAdapterError.isInstance` and
 * `instanceof` still recognise this adapter's errors, with the same `code` values.
 */
export const OpenAIAdapterError = AdapterError;
/** @deprecated Use `AdapterError` of `@ctx/protocol`; this alias goes in the next minor version. */
export type OpenAIAdapterError = AdapterError;
/** @deprecated Use `AdapterErrorCode` of `@ctx/protocol`; this alias goes in the next minor version. */
export type OpenAIAdapterErrorCode = AdapterErrorCode;
/** @deprecated Use `AdapterErrorOptions` of `@ctx/protocol`; this alias goes in the next minor version. */
export type OpenAIAdapterErrorOptions = AdapterErrorOptions;
