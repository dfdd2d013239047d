import { AdapterError, type AdapterErrorCode, type AdapterErrorOptions } from "@ctx/protocol";

/**
 * @deprecated Every adapter throws `AdapterError` of `@ctx/protocol` (its `provider` is
 * `"ai-sdk"`); this alias of it goes in the next minor version. `AiSdkAdapterError.isInstance` and
 * `instanceof` still recognise this adapter's errors, with the same `code` values.
 */
export const AiSdkAdapterError = AdapterError;
/** @deprecated Use `AdapterError` of `@ctx/protocol`; this alias goes in the next minor version. */
export type AiSdkAdapterError = AdapterError;
/** @deprecated Use `AdapterErrorCode` of `@ctx/protocol`; this alias goes in the next minor version. */
export type AiSdkAdapterErrorCode = AdapterErrorCode;
/** @deprecated Use `AdapterErrorOptions` of `@ctx/protocol`; this alias goes in the next minor version. */
export type AiSdkAdapterErrorOptions = AdapterErrorOptions;
