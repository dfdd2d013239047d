import { argumentError } from "./argument-error.js";

/** Where the input of each request made by {@link sharedInputRequest} comes from. */
const sources = new WeakMap<object, InputSource>();

/** The items a request's input is the first `length` of, while nobody has read its input. */
export interface InputSource {
  readonly items: readonly unknown[];
  readonly length: number;
}

/**
 * Makes a request of `fields` whose `input` is the first `length` items of `items`, an array its
 * owner only appends to (never replacing, removing or reordering an item: an owner that must
 * change one starts a new array). `input` is made when first read: a plain array, the reader's,
 * copied once and never changed by later appends. A mapping (`createMessageMapper`,
 * `createItemMapper`) given the request before anybody read its input reads `items` instead,
 * only past the length it mapped last time, so a session's request costs its new items and no
 * copy of the history. Constant time.
 *
 * @throws {ProtocolError} when `fields` is not an object, `items` not an array (or its first or
 * `length`-th element not an object), or `length` not a whole number from 0 to `items.length`.
 * @example
 * ```ts
 * const request = sharedInputRequest({ instructions }, sent, sent.length);
 * toResponsesParams(request); // maps the items it has not seen, reading none of the others
 * request.input; // a copy of the first sent.length items, made now
 * ```
 */
export function sharedInputRequest<Fields extends object, Item>(
  fields: Fields,
  items: readonly Item[],
  length: number,
): Fields & { readonly input: readonly Item[] } {
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) {
    throw argumentError("fields", "expected an object");
  }
  if (!Array.isArray(items)) throw argumentError("items", "expected an array");
  if (!Number.isInteger(length) || length < 0 || length > items.length) {
    throw argumentError("length", `expected a whole number from 0 to ${items.length}`);
  }
  // The ends alone are looked at, so the request costs the same for any length.
  if (length > 0 && !(isObject(items[0]) && isObject(items[length - 1]))) {
    throw argumentError("items", "expected an array of items");
  }
  let input: readonly Item[] | undefined;
  const request = Object.defineProperty({ ...fields }, "input", {
    enumerable: true,
    get: () => {
      if (input === undefined) {
        input = items.slice(0, length);
        sources.delete(request);
      }
      return input;
    },
  }) as Fields & { readonly input: readonly Item[] };
  sources.set(request, { items, length });
  return request;
}

/**
 * Where `request`'s input comes from, when it was made by {@link sharedInputRequest} and its
 * input was not read yet; `undefined` otherwise.
 */
export function inputSourceOf(request: object): InputSource | undefined {
  return sources.get(request);
}

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}
