import { adapterArgumentChecker, type SchemaChecker } from "@ctx/protocol/mapping";

/** The provider this adapter names in every `AdapterError` it throws. */
export const provider = "openai";

/** The argument check of this adapter's functions: the shared one, naming {@link provider}. */
export const checkSchema: SchemaChecker = adapterArgumentChecker(provider);
