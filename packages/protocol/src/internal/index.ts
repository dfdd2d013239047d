// `@ctx/protocol/internal`: what the packages of this repository share beyond the public protocol.
// It is not public: it may change in any release, and code outside this repository should not
// import it.
export { requestFieldsSchema } from "../create-request-body-mapping.js";
export { deepFreeze, isDeepFrozen } from "../deep-freeze.js";
export { keepRequestBody } from "../keep-request-body.js";
export { lazySchema, lazySchemaBuilds } from "../lazy-schema.js";
export { parseWithSchema } from "../parse-with-schema.js";
export { repeatedCallId } from "../repeated-call-id.js";
export { createSchemaChecker, type RefuseIssues, type SchemaChecker } from "../schema-checker.js";
export { describeSchemaIssues, issuesInArgument, toSchemaIssues } from "../schema-issue.js";
