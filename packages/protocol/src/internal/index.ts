// `@ctx/protocol/internal`: what the packages of this repository share beyond the public protocol.
// It is not public: it may change in any release, and code outside this repository should not
// import it.
export { lazySchema, lazySchemaBuilds } from "../lazy-schema.js";
export { repeatedCallId } from "../repeated-call-id.js";
