import { benchTurnMapping } from "@ctx/adapter-testing";
import { toResponsesParams } from "./to-responses-params.js";

await benchTurnMapping("toResponsesParams", (request) =>
  toResponsesParams(request, { promptCacheKey: "session" }),
);
