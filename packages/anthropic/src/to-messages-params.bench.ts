import { benchTurnMapping } from "@ctx/adapter-testing";
import { toMessagesParams } from "./to-messages-params.js";

await benchTurnMapping("toMessagesParams", (request) => toMessagesParams(request));
