export {
  assistantMessage,
  developerMessage,
  functionCall,
  sampleItems,
  userMessage,
} from "./items.js";
export {
  type Answer,
  type LocalServer,
  type RecordedRequest,
  startLocalServer,
} from "./local-server.js";
export {
  changedTurnContext,
  conversationInstructions,
  firstPrefixBreak,
  firstTurnContext,
  runConversation,
  shellOutput,
  shellTool,
  userTurns,
} from "./run-conversation.js";
export { type Exchange, runServedConversation } from "./run-served-conversation.js";
export {
  anthropicMessageEvents,
  conversationScript,
  openAIChatCompletion,
  openAIResponse,
  openAIResponseEvents,
  type ScriptStep,
} from "./scripted-answers.js";
