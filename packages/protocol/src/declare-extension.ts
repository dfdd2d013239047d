import { argumentError } from "./argument-error.js";

/** What each declared input extends: the earlier input, and how many items it held then. */
const extensions = new WeakMap<readonly unknown[], Extension>();

interface Extension {
  readonly previous: readonly unknown[];
  readonly length: number;
}

/**
 * Declares that `input` begins with every item of `previous`, the same objects in the same
 * places: what a session says of a request's input when it makes it from the previous request's
 * by appending, so a mapping that mapped `previous` maps only the items after them, without
 * comparing the others. It costs constant time: only the first and the last item of `previous`
 * are compared with `input`'s, so the declarer answers for the others (neither array may change
 * afterwards).
 *
 * @throws {ProtocolError} when `input` or `previous` is not an array, `input` is shorter than
 * `previous`, or their first or last shared items are not the same objects.
 * @example
 * ```ts
 * const next = [...previous, reply];
 * declareExtension(next, previous);
 * mapper.map({ instructions, input: next }, options); // converts `reply` alone
 * ```
 */
export function declareExtension(input: readonly unknown[], previous: readonly unknown[]): void {
  if (!Array.isArray(input)) throw argumentError("input", "expected an array");
  if (!Array.isArray(previous)) throw argumentError("previous", "expected an array");
  const length = previous.length;
  if (input.length < length) {
    throw argumentError("input", `expected at least the ${length} items of previous`);
  }
  if (length > 0 && !(sharesItem(input, previous, 0) && sharesItem(input, previous, length - 1))) {
    throw argumentError("input", "expected to begin with the items of previous");
  }
  extensions.set(input, { previous, length });
}

/**
 * What `input` was declared to extend by {@link declareExtension}: the earlier input and how
 * many items it held when declared; `undefined` when nothing was declared.
 *
 * @throws {ProtocolError} when `input` is not an array.
 */
export function extendedInput(
  input: readonly unknown[],
): { readonly previous: readonly unknown[]; readonly length: number } | undefined {
  if (!Array.isArray(input)) throw argumentError("input", "expected an array");
  return extensions.get(input);
}

/** Whether both arrays hold the same object at `index`. */
function sharesItem(input: readonly unknown[], previous: readonly unknown[], index: number) {
  const item = previous[index];
  return typeof item === "object" && item !== null && input[index] === item;
}
