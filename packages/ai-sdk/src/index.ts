export { AiSdkAdapterError } from "./ai-sdk-adapter-error.js";
export {
  type AiSdkLanguageModel,
  type AiSdkSummarizerOptions,
  createAiSdkSummarizer,
} from "./create-ai-sdk-summarizer.js";
export { reportedUsage } from "./reported-usage.js";
export { type AiSdkPrompt, toPrompt } from "./to-prompt.js";
