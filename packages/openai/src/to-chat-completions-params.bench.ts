import { benchTurnMapping } from "@ctx/adapter-testing";
import { toChatCompletionsParams } from "./to-chat-completions-params.js";

await benchTurnMapping("toChatCompletionsParams", (request) =>
  toChatCompletionsParams(request, { promptCacheKey: "session" }),
);
