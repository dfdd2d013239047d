export {
  type CacheUsage,
  createAnthropicCache,
  createOpenAICache,
  type ProviderCache,
} from "@ctx/cache-simulator";
export { abortWhileWaiting } from "./abort-while-waiting.js";
export { benchTurnMapping } from "./bench-turn-mapping.js";
export { contextWindowCause } from "./context-window-cause.js";
export { type CountedItems, countedItems } from "./counted-items.js";
export {
  type AdapterContract,
  describeAdapterContract,
  type HostileAnswersContract,
  type RequestMappingContract,
  type SummarizerContract,
} from "./describe-adapter-contract.js";
export { type AdapterManifest, describePeerRange } from "./describe-peer-range.js";
export { type BreakByte, expectBreakBytes } from "./expect-break-bytes.js";
export { expectGrowingRequests, type KeptMessages } from "./expect-growing-requests.js";
export { expectKeptStates } from "./expect-kept-states.js";
export { expectTypedOutcome } from "./expect-typed-outcome.js";
export { type HistoryReads, historyReadsOnNextTurn } from "./history-reads-on-next-turn.js";
export { hostileJson, hostileStreams, streamOf } from "./hostile-json.js";
export {
  assistantMessage,
  developerMessage,
  functionCall,
  sampleItems,
  userMessage,
} from "./items.js";
export type { Answer, LocalServer, RecordedRequest } from "./local-server.js";
export { longHistory, longHistoryContext, startedSession } from "./long-history.js";
export {
  anthropicContextWindowError,
  anthropicInvalidRequestError,
  openAIContextWindowError,
  openAIInvalidValueError,
} from "./provider-errors.js";
export { rejectBeforeSending } from "./reject-before-sending.js";
export { rejectWithAnswer } from "./reject-with-answer.js";
export {
  type CachedCompaction,
  type CachedCompactionOptions,
  runCachedCompaction,
} from "./run-cached-compaction.js";
export {
  type ConversationRequest,
  changedTurnContext,
  conversationInstructions,
  firstPrefixBreak,
  firstTurnContext,
  type SentRequest,
  shellOutput,
  shellTool,
  userTurns,
} from "./run-conversation.js";
export { runServedCompaction, type ServedCompaction } from "./run-served-compaction.js";
export { type Exchange, runServedConversation } from "./run-served-conversation.js";
export {
  runStateCompaction,
  type StateCompaction,
  stateAnswers,
  stateTask,
} from "./run-state-compaction.js";
export {
  anthropicMessageEvents,
  conversationScript,
  openAIChatCompletion,
  openAIChatCompletionChunks,
  openAIResponse,
  openAIResponseEvents,
  openAITextResponse,
  type ScriptStep,
} from "./scripted-answers.js";
export { withLocalServer } from "./with-local-server.js";
