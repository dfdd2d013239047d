import { defaultModelCatalog } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { defaultOrigin } from "../history/origin.js";
import { PromptBuilder } from "../history/prompt-builder.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { TokenCounter } from "../tokens/token-counter.js";
import { CacheLedger } from "./cache-ledger.js";
import type { RequestSettings } from "./request-settings.js";

// What the cache ledger adds to one request on a long history (issue 45: at most 1 ms at 100,000
// history items): each iteration appends a tool round, takes the prompt view as a request does,
// and, in the second benchmark only, has the ledger predict the request's cache misses. The
// difference of the two means is the ledger's cost per request.

const size = benchSize(100_000, 1_000);
const model = defaultModelCatalog.get("gpt-5.1");
const settings: RequestSettings = {
  tools: Array.from({ length: 20 }, (_, index) => ({
    type: "function",
    name: `tool_${index}`,
    description: "Runs one of the agent's commands in the repository.",
    parameters: { type: "object", properties: { path: { type: "string" } } },
  })),
  promptCacheKey: "bench",
  reasoning: { effort: "medium" },
  cacheTtl: "5m",
};

function round(turn: number): ResponseItem[] {
  const callId = `call-${turn}`;
  return [
    { type: "function_call", call_id: callId, name: "shell", arguments: '{"command":"ls"}' },
    { type: "function_call_output", call_id: callId, output: "a.ts\nb.ts" },
  ];
}

/** A history of `size` items, and a step that grows it by one tool round and takes a request. */
function history(withLedger: boolean) {
  const builder = new PromptBuilder();
  const counter = new TokenCounter(approximateTokenizer);
  const ledger = new CacheLedger();
  let turn = 0;
  const append = () => {
    for (const item of round(turn)) builder.append({ item, origin: defaultOrigin(item) });
    turn += 1;
  };
  while (turn * 2 < size) append();
  let previous = builder.view({ imageInput: true });
  let at = 0;
  const request = () => {
    append();
    at += 1000;
    const view = builder.view({ imageInput: true });
    if (withLedger) {
      const instructions = "You are a careful coding agent.";
      const sent = { view, instructions, model, settings, at };
      ledger.predict(sent, { view: previous, model: model.slug }, undefined, false, counter);
    }
    previous = view;
  };
  request();
  return request;
}

const without = history(false);
const withLedger = history(true);

describe(`one request on ${size.toLocaleString("en")} history items`, () => {
  bench("without the cache ledger", without, benchOptions());
  bench("with the cache ledger's prediction", withLedger, benchOptions());
});
