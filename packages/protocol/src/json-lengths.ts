// The lengths of values as JSON writes them in UTF-8, kept where a value is sent again: a frozen
// item by itself, a request's list by its length and last element.

/** The UTF-8 byte length of each frozen value's JSON: items a session sends again are frozen. */
const frozenLengths = new WeakMap<object, number>();

/**
 * The UTF-8 length of an array's elements, commas between, as of its length and last element:
 * a request's list that the next request extends is measured once.
 */
const arrayLengths = new WeakMap<
  readonly unknown[],
  { readonly count: number; readonly last: unknown; readonly length: number }
>();

/**
 * The UTF-8 length of `values`' first `count` elements as JSON writes them, commas between: from
 * the length kept for the whole of `values`, less its last elements, when fewer of those are left
 * out than kept (a request's list whose last messages the next request replaces).
 */
export function elementsLength(values: readonly unknown[], count: number): number {
  if (count === 0) return 0;
  const known = keptLength(values);
  if (known !== undefined && values.length - count <= count) {
    let length = known;
    for (let index = count; index < values.length; index += 1) {
      length -= 1 + byteLength(element(values[index]));
    }
    return length;
  }
  let length = count - 1;
  for (let index = 0; index < count; index += 1) length += byteLength(element(values[index]));
  if (count === values.length) arrayLengths.set(values, { count, last: values.at(-1), length });
  return length;
}

/**
 * The length kept for the whole of `values`' elements, while its length and last element are
 * those it had when measured.
 */
export function keptLength(values: readonly unknown[]): number | undefined {
  const known = arrayLengths.get(values);
  return known !== undefined && known.count === values.length && known.last === values.at(-1)
    ? known.length
    : undefined;
}

/**
 * Keeps the length of `values`' elements, the first `count` of which are `length` long (shared
 * with the list it was compared with), when the rest are no more than those: they are measured,
 * so the cost stays within that of the comparison.
 */
export function rememberLength(values: readonly unknown[], count: number, length: number): void {
  if (values.length - count > count) return;
  let total = length;
  for (let index = count; index < values.length; index += 1) {
    total += (index > 0 ? 1 : 0) + byteLength(element(values[index]));
  }
  arrayLengths.set(values, { count: values.length, last: values.at(-1), length: total });
}

/**
 * Keeps `length`, the UTF-8 length of `copy`'s elements as measured of the list it was made
 * equal to, or forgets any length kept for `copy` when `length` is `undefined`.
 */
export function keepElementsLength(copy: readonly unknown[], length: number | undefined): void {
  if (length === undefined) arrayLengths.delete(copy);
  else arrayLengths.set(copy, { count: copy.length, last: copy.at(-1), length });
}

/** An array element as JSON writes it: `undefined` and functions become `null`. */
export function element(value: unknown): unknown {
  return value === undefined || typeof value === "function" ? null : value;
}

/** The UTF-8 length of `value`'s JSON; kept for a frozen value, and a list's read from its kept length. */
export function byteLength(value: unknown): number {
  if (typeof value !== "object" || value === null)
    return utf8Length(JSON.stringify(value) ?? "null");
  const known = frozenLengths.get(value);
  if (known !== undefined) return known;
  // A list compared before (the caller's tools, say) is measured by its elements' kept length.
  const elements = Array.isArray(value) ? keptLength(value) : undefined;
  if (elements !== undefined) return elements + 2;
  const length = utf8Length(JSON.stringify(value));
  if (Object.isFrozen(value)) frozenLengths.set(value, length);
  return length;
}

/** The UTF-8 length of `text`. */
export function utf8Length(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (isHighSurrogate(code) && index + 1 < text.length) {
      length += 4;
      index += 1;
    } else length += 3;
  }
  return length;
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
