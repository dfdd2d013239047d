export { type AnswerEnding, answerEndingSchema } from "./answer-ending.js";
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
export { createItemMapper, type ItemMapper } from "./create-item-mapper.js";
export {
  createMessageMapper,
  type MapOptions,
  type MessageMapper,
  type MessageMapperOptions,
  type MessageMapping,
} from "./create-message-mapper.js";
export { declareExtension } from "./declare-extension.js";
export { deepFreeze, isDeepFrozen } from "./deep-freeze.js";
export { type JsonValue, jsonValueSchema } from "./json-value.js";
export type { ModelAnswer } from "./model-answer.js";
export { type ModelInput, modelInputSchema } from "./model-input.js";
export {
  parseResponseItem,
  type ResponseItemParseResult,
  safeParseResponseItem,
} from "./parse-response-item.js";
export { parseWithSchema } from "./parse-with-schema.js";
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
export { createSchemaChecker, type RefuseIssues, type SchemaChecker } from "./schema-checker.js";
export {
  describeSchemaIssues,
  issuesInArgument,
  type SchemaIssue,
  toSchemaIssues,
} from "./schema-issue.js";
export { sharedInputRequest } from "./shared-input-request.js";
export { type Summarizer, type SummaryRequest, summaryOptionsSchema } from "./summarizer.js";
export { type ToolDefinition, toolDefinitionSchema } from "./tool-definition.js";
