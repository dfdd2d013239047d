// The `@ctx/session/summarizer` entry: what an adapter needs to write a summarizer and to pass on
// its provider's answers and usage, without the session's stores, so that an adapter stays free
// of Node's modules and runs anywhere.
export { ContextWindowError } from "./compaction/context-window-error.js";
export type { Summarizer, SummaryRequest } from "./compaction/summarizer.js";
export type { ModelAnswer } from "./model-answer.js";
export type { ReportedUsage } from "./reported-usage.js";
