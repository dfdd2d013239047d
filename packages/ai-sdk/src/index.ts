export {
  AiSdkAdapterError,
  type AiSdkAdapterErrorCode,
  type AiSdkAdapterErrorOptions,
} from "./ai-sdk-adapter-error.js";
export {
  type AiSdkLanguageModel,
  type AiSdkSummarizerOptions,
  createAiSdkSummarizer,
} from "./create-ai-sdk-summarizer.js";
export { fromGenerateText, type TextResult } from "./from-generate-text.js";
export { fromStreamText, type StreamingTextResult } from "./from-stream-text.js";
export { promptDifference } from "./prompt-difference.js";
export { promptRequestBody } from "./prompt-request-body.js";
export { reportedUsage } from "./reported-usage.js";
export { type AiSdkPrompt, toPrompt } from "./to-prompt.js";
