export {
  createOpenAISummarizer,
  type OpenAIResponsesClient,
  type OpenAISummarizerOptions,
} from "./create-openai-summarizer.js";
export type { PromptCacheTtl } from "./explicit-cache-breakpoints.js";
export { fromChatCompletion } from "./from-chat-completion.js";
export {
  type ChatCompletionStreamOptions,
  fromChatCompletionStream,
} from "./from-chat-completion-stream.js";
export { fromResponse } from "./from-response.js";
export { fromResponseStream, type ResponseStreamOptions } from "./from-response-stream.js";
export {
  OpenAIAdapterError,
  type OpenAIAdapterErrorCode,
  type OpenAIAdapterErrorOptions,
} from "./openai-adapter-error.js";
export { reportedUsage } from "./reported-usage.js";
export { responsesRequestBody } from "./responses-request-body.js";
export { responsesRequestDifference } from "./responses-request-difference.js";
export {
  type ChatCompletionsParams,
  type ChatCompletionsParamsOptions,
  toChatCompletionsParams,
} from "./to-chat-completions-params.js";
export {
  type ChatCompletionsFunctionTool,
  toChatCompletionsTool,
} from "./to-chat-completions-tool.js";
export {
  type ResponsesParams,
  type ResponsesParamsOptions,
  toResponsesParams,
} from "./to-responses-params.js";
export { type ResponsesFunctionTool, toResponsesTool } from "./to-responses-tool.js";
