import type { ModelAnswer } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import type { Response } from "openai/resources/responses/responses";
import { z } from "zod";
import { responseEnding } from "./answer-ending.js";
import { readCacheDiagnostics } from "./cache-diagnostics.js";
import { refuseRepeatedCallIds, toOutputItem } from "./output-items.js";
import { checkSchema } from "./provider.js";
import { readUsage } from "./reported-usage.js";

const responseSchema = lazySchema(() => z.looseObject({ output: z.array(z.unknown()) }));

/**
 * Maps a Responses API `Response` to what the session records: its output items (assistant
 * messages, reasoning with its encrypted content, function and custom tool calls, compaction
 * items) in order, and its usage in the shape of `reportedUsage`. An output item of a type the
 * session has no type for (a hosted tool's call, such as a web search the API ran) is left out
 * with an `unknown-output-item` warning, and function call arguments that are not JSON leave a
 * `tool-arguments-not-json` warning (the call is recorded as written, for the tool runner to
 * answer). A refusal is recorded as the assistant's text. How the answer ended is its `ending`:
 * `cut` for `status: "incomplete"` (`refused` when the reason is the content filter), `failed`,
 * `aborted` for a cancelled one, `refused` for an answer holding a refusal, each with an
 * `incomplete-response` warning; `completed` otherwise. The response's
 * `prompt_cache_diagnostics` (asked for with `toResponsesParams`'s `diagnostics` option) is its
 * `cacheDiagnostics`: `{ missed: true, reason, missedInputTokens }` for a miss,
 * `{ missed: false }` for a hit.
 *
 * @throws {AdapterError} naming `response` when it is not an object with an `output`
 * array (code `invalid-argument`), or an output item of a known type lacks a field (code
 * `invalid-answer`, `index` its position), or two tool calls share a call id (code
 * `invalid-answer`): nothing is mapped then.
 * @example
 * ```ts
 * const response = await client.responses.create({ model, ...toResponsesParams(request) });
 * const answer = fromResponse(response);
 * await session.record(answer.items);
 * ```
 */
export function fromResponse(
  response: Pick<Response, "output" | "usage"> &
    Partial<Pick<Response, "status" | "prompt_cache_diagnostics">>,
): ModelAnswer {
  const { output } = checkSchema("response", response, responseSchema);
  const warnings: CtxWarning[] = [];
  const items = output.flatMap(
    (item, index) => toOutputItem(item, `response.output[${index}]`, index, warnings) ?? [],
  );
  refuseRepeatedCallIds(items, "response.output");
  const usage = readUsage(response, "response", "invalid-answer");
  const ending = responseEnding(response, output, warnings);
  const cacheDiagnostics = readCacheDiagnostics(
    Reflect.get(response, "prompt_cache_diagnostics"),
    "response.prompt_cache_diagnostics",
  );
  return {
    items,
    usage,
    ending,
    ...(cacheDiagnostics === undefined ? {} : { cacheDiagnostics }),
    warnings,
  };
}
