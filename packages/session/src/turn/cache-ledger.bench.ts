import { defaultModelCatalog } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { deepFreeze } from "@ctx/protocol/internal";
import {
  createItemMapper,
  createRequestBodyMapping,
  firstDifferingByte,
  sharedInputRequest,
} from "@ctx/protocol/mapping";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { agentRequestSettings } from "../__fixtures__/agent-request-settings.js";
import { defaultOrigin } from "../history/origin.js";
import { PromptBuilder } from "../history/prompt-builder.js";
import { SentInput } from "../history/sent-input.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { TokenCounter } from "../tokens/token-counter.js";
import { CacheLedger } from "./cache-ledger.js";
import type { RequestSettings } from "./request-settings.js";
import { SentBody } from "./sent-body.js";

// What the cache ledger adds to one request on a long history (issue 45: at most 1 ms at 100,000
// history items): each iteration appends a tool round, takes the prompt view as a request does,
// and, in the second benchmark, has the ledger predict the request's cache misses; in the third,
// it also serialises the request through a request body mapping (the session option
// `requestBody`: an incremental item mapping, as the Responses adapter's) and compares the body
// with the previous one. The difference of the means is the ledger's cost per request.
//
// `cd packages/session && npx vitest bench --run src/turn/cache-ledger.bench.ts` on the shared
// two-core machine (load average 2 to 3 from other work), the third benchmark: mean 0.060 to
// 0.064 ms, p99 0.09 to 0.11 ms (the prediction alone: mean 0.026 ms, p99 0.04 to 0.05 ms). With
// two busy loops beside it (`yes > /dev/null &` twice), over seven runs: mean 0.08 to 0.24 ms,
// p75 0.045 to 0.066 ms, p99 0.09 to 0.94 ms in four runs and 4 or 8 ms in three, the runs in
// which the scheduler took the process away for its 4 ms slices often enough that the prediction
// alone had them at p995 too. Before the body's comparison read from a mapper's rewrites how much
// of the kept copy is still alike (rather than comparing all 100,000 elements) and measured the
// tools by their kept length, the same machine gave mean 0.84 to 0.99 ms, p99 1.25 to 3.9 ms
// (three runs); loaded, mean 1.0 to 1.3 ms, p99 4.8 to 5.0 ms (two runs).

const size = benchSize(100_000, 1_000);
const model = defaultModelCatalog.get("gpt-5.1");
const settings: RequestSettings = { ...agentRequestSettings, cacheTtl: "5m" };

function round(turn: number): ResponseItem[] {
  const callId = `call-${turn}`;
  // Frozen, as a session holds its items: a mapping converts each once.
  return deepFreeze([
    { type: "function_call", call_id: callId, name: "shell", arguments: '{"command":"ls"}' },
    { type: "function_call_output", call_id: callId, output: "a.ts\nb.ts" },
  ]);
}

const itemMapper = createItemMapper((item) => item);
const requestBody = createRequestBodyMapping({
  fields: { model: model.slug, tools: settings.tools },
  params: (request) => ({
    instructions: request.instructions,
    input: itemMapper.map(request, { toError: (problems) => new Error(problems), path: "" }),
  }),
  difference: (previous, next) => firstDifferingByte(previous, next, { input: "input item" }),
});

/** A history of `size` items, and a step that grows it by one tool round and takes a request. */
function history(withLedger: boolean, withBody: boolean) {
  const builder = new PromptBuilder();
  const counter = new TokenCounter(approximateTokenizer);
  const ledger = new CacheLedger();
  const sent = new SentInput();
  const body = new SentBody(requestBody);
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
      const request = { view, instructions, model, settings, at };
      ledger.predict(request, { view: previous, model: model.slug }, undefined, false, counter);
      if (withBody) {
        const items = sent.of(view);
        body.next(sharedInputRequest({ instructions, warnings: [] }, items, items.length));
      }
    }
    previous = view;
  };
  request();
  return request;
}

const without = history(false, false);
const withLedger = history(true, false);
const withBody = history(true, true);

describe(`one request on ${size.toLocaleString("en")} history items`, () => {
  bench("without the cache ledger", without, benchOptions());
  bench("with the cache ledger's prediction", withLedger, benchOptions());
  bench(
    "with the prediction and the request body's first differing byte",
    withBody,
    benchOptions(),
  );
});
