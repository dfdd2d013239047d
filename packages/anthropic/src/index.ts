export { AnthropicAdapterError } from "./anthropic-adapter-error.js";
export {
  type AnthropicMessagesClient,
  type AnthropicSummarizerOptions,
  createAnthropicSummarizer,
} from "./create-anthropic-summarizer.js";
export { developerContext } from "./developer-context.js";
export { reportedUsage } from "./reported-usage.js";
export {
  type MessagesParams,
  type MessagesParamsOptions,
  toMessagesParams,
} from "./to-messages-params.js";
