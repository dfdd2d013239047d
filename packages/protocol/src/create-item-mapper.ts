import { argumentError } from "./argument-error.js";
import { createMessageMapper } from "./create-message-mapper.js";
import type { MapOptions } from "./message-mapper.js";
import type { ModelInput } from "./model-input.js";
import type { ResponseItem } from "./response-item.js";

/** Maps the items of model requests, each item once; see {@link createItemMapper}. */
export interface ItemMapper<Output> {
  /**
   * Checks `request` and returns what its items map to, in order, leaving out the items that map
   * to nothing, after what `options.before` makes of the checked request. The outputs are frozen
   * and may be given again by a later call; so may the array, which a later call that goes on
   * from this one appends to (see `createMessageMapper`).
   * @throws the error `toError` makes of the problems in one line, their paths under `path`
   * (`request.input[3].type: …`), when the request does not fit `ModelInput`; whatever the
   * conversion throws for an item it cannot map.
   */
  map(request: ModelInput, options: MapOptions<Output>): Output[];
}

/**
 * Makes a mapping of request items, one output per item, that converts each item once: a
 * {@link createMessageMapper} in which every item makes a message alone. What `convert` made of
 * an item frozen all the way down (a session freezes every item it holds) is kept, keyed by the
 * item, and given again whenever that item comes back; a request whose input is a session's shared
 * input (`sharedInputRequest`), or is declared to extend the previous one
 * (`declareExtension`), costs its new items, appended to the array the previous call returned,
 * and one whose input begins with the previous one's items costs a reference comparison of
 * those besides. An item that is not frozen is checked and
 * converted on every call. Each item is checked against `responseItemSchema` before its first
 * conversion; `convert` returns `undefined` for an item that maps to nothing, and its result for a
 * frozen item is frozen.
 *
 * @throws {ProtocolError} when `convert` is not a function.
 * @example
 * ```ts
 * const mapper = createItemMapper((item) => (item.type === "reasoning" ? undefined : item.type));
 * mapper.map(request, { toError: (problems) => new Error(problems), path: "request" });
 * ```
 */
export function createItemMapper<Output>(
  convert: (item: ResponseItem, index: number) => Output | undefined,
): ItemMapper<Output> {
  if (typeof convert !== "function") {
    throw argumentError("convert", "expected a function");
  }
  const mapper = createMessageMapper<Output, Output>({
    convert,
    runOf: () => undefined,
    join: (run) => run[0] as Output,
  });
  return { map: (request, options) => mapper.map(request, options).messages };
}
