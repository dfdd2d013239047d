export {
  AnthropicAdapterError,
  type AnthropicAdapterErrorCode,
  type AnthropicAdapterErrorOptions,
} from "./anthropic-adapter-error.js";
export type { ClaudeReasoningFormat, ClaudeReasoningItem } from "./content-blocks.js";
export {
  type AnthropicMessagesClient,
  type AnthropicSummarizerOptions,
  createAnthropicSummarizer,
} from "./create-anthropic-summarizer.js";
export {
  type BreakpointPlanner,
  type BreakpointPlannerOptions,
  type BreakpointPlanOptions,
  createBreakpointPlanner,
} from "./create-breakpoint-planner.js";
export { developerContext } from "./developer-context.js";
export { fromMessage, type MessageOptions } from "./from-message.js";
export { fromMessageStream, type MessageStreamOptions } from "./from-message-stream.js";
export type { CachePricing } from "./long-ttl-pays.js";
export { messagesRequestBody } from "./messages-request-body.js";
export { messagesRequestDifference } from "./messages-request-difference.js";
export { reportedUsage } from "./reported-usage.js";
export {
  type MessagesParams,
  type MessagesParamsOptions,
  toMessagesParams,
} from "./to-messages-params.js";
export { type MessagesTool, toMessagesTool } from "./to-messages-tool.js";
