export {
  AdapterError,
  type AdapterErrorCode,
  type AdapterErrorOptions,
} from "./adapter-error.js";
export { type AnswerEnding, answerEndingSchema } from "./answer-ending.js";
export { type CacheDiagnostics, cacheDiagnosticsSchema } from "./cache-diagnostics.js";
export {
  type ContentItem,
  contentItemSchema,
  type InputImageContent,
  type InputTextContent,
  inputImageContentSchema,
  inputTextContentSchema,
  type OutputTextContent,
  outputTextContentSchema,
} from "./content-item.js";
export { ContextWindowError, type ContextWindowErrorCode } from "./context-window-error.js";
// Moved to `@ctx/protocol/mapping` or `@ctx/protocol/internal`; deprecated here for one minor version.
export {
  createItemMapper,
  createMessageMapper,
  createSchemaChecker,
  declareExtension,
  deepFreeze,
  describeSchemaIssues,
  type ItemMapper,
  isDeepFrozen,
  issuesInArgument,
  type MapOptions,
  type MessageMapper,
  type MessageMapperOptions,
  type MessageMapping,
  parseWithSchema,
  type RefuseIssues,
  type SchemaChecker,
  sharedInputRequest,
  toSchemaIssues,
} from "./deprecated-root-names.js";
export { type JsonValue, jsonValueSchema } from "./json-value.js";
export type { ModelAnswer } from "./model-answer.js";
export { type ModelInput, modelInputSchema } from "./model-input.js";
export {
  parseResponseItem,
  type ResponseItemParseResult,
  safeParseResponseItem,
} from "./parse-response-item.js";
export {
  ProtocolError,
  type ProtocolErrorCode,
  type ProtocolErrorOptions,
} from "./protocol-error.js";
export type { ReportedUsage } from "./reported-usage.js";
export {
  type CompactionItem,
  type CustomToolCallItem,
  type CustomToolCallOutputItem,
  type FunctionCallItem,
  type FunctionCallOutputItem,
  isMessageItem,
  type MessageItem,
  messageItemSchema,
  type ReasoningItem,
  type ResponseItem,
  type ResponseItemType,
  responseItemSchema,
  type ToolOutput,
} from "./response-item.js";
export { type Role, roleSchema } from "./role.js";
export type { SchemaIssue } from "./schema-issue.js";
export { type Summarizer, type SummaryRequest, summaryOptionsSchema } from "./summarizer.js";
export { type ToolDefinition, toolDefinitionSchema } from "./tool-definition.js";
