export {
  createOpenAISummarizer,
  type OpenAIResponsesClient,
  type OpenAISummarizerOptions,
} from "./create-openai-summarizer.js";
export { OpenAIAdapterError } from "./openai-adapter-error.js";
export { reportedUsage } from "./reported-usage.js";
export {
  type ChatCompletionsParams,
  type ChatCompletionsParamsOptions,
  toChatCompletionsParams,
} from "./to-chat-completions-params.js";
export {
  type ResponsesParams,
  type ResponsesParamsOptions,
  toResponsesParams,
} from "./to-responses-params.js";
