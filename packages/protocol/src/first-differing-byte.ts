import { argumentError } from "./argument-error.js";
import { copiedPrefix, recordCopy } from "./list-rewrites.js";

/** Where two serialised provider requests first differ. */
export interface RequestDifference {
  /** The offset of the first differing byte in the UTF-8 JSON of each request (both agree up to it). */
  readonly offset: number;
  /** The keys and indexes from the body's top down to the value that differs (`["messages", 3, "content"]`). */
  readonly path: readonly (string | number)[];
  /** Up to 40 characters of the previous request's differing value, from the offset on. */
  readonly previous: string;
  /** Up to 40 characters of the next request's differing value, from the offset on. */
  readonly next: string;
  /**
   * The part of the request that holds the difference, in the words of `labels`: the top-level
   * field (`model`, `instructions`), or the field's label and the element's index with the
   * element's `role` or `type` when it has one (`message 12 (user)`, `input item 40
   * (function_call_output)`).
   */
  readonly part: string;
}

const excerptLength = 40;

/** The UTF-8 byte length of each frozen value's JSON: items a session sends again are frozen. */
const frozenLengths = new WeakMap<object, number>();

/**
 * Where the JSON of `next` first differs from the JSON of `previous`, as `JSON.stringify` writes
 * each (what a provider's client sends): the byte offset, the path to the differing value, what
 * lies there on each side and the part of the request holding it, named with `labels` (an
 * adapter's words for its body's lists: `{ messages: "message" }`); `undefined` when the two
 * serialise alike. Values the two share
 * by reference are skipped by their length, which is kept for frozen ones (the items a session
 * sends again) and for each list compared (which the next request's list extends), so a request
 * costs about its new part. Compare copies of the lists: one changed in place after it was
 * compared, to the same length and last element, would be measured as it was.
 *
 * @throws {ProtocolError} coded `invalid-argument` when either is not a JSON object, or `labels`
 * is not an object of strings.
 * @example
 * ```ts
 * firstDifferingByte({ system: "a", messages: [1, 2] }, { system: "a", messages: [1, 3] });
 * // => { offset: 28, path: ["messages", 1], previous: "2", next: "3", part: "messages 1" }
 * ```
 */
export function firstDifferingByte(
  previous: object,
  next: object,
  labels: Readonly<Record<string, string>> = {},
): RequestDifference | undefined {
  for (const [name, value] of [
    ["previous", previous],
    ["next", next],
  ] as const) {
    if (!isRecord(value) || Array.isArray(value)) {
      throw argumentError(name, "expected a JSON object (a request body)");
    }
  }
  if (
    !isRecord(labels) ||
    Array.isArray(labels) ||
    Object.values(labels).some((label) => typeof label !== "string")
  ) {
    throw argumentError("labels", "expected an object of strings");
  }
  const found = walk(previous, next, [], 0);
  if (found === undefined) return undefined;
  const { path, offset, left, right } = found;
  return {
    offset,
    path,
    previous: left.slice(0, excerptLength),
    next: right.slice(0, excerptLength),
    part: partOf(path, [next, previous], labels),
  };
}

function partOf(
  path: readonly (string | number)[],
  bodies: readonly object[],
  labels: Readonly<Record<string, string>>,
): string {
  const [field, index] = path;
  if (typeof field !== "string") return "the body";
  if (typeof index !== "number") return field;
  const label = `${Object.hasOwn(labels, field) ? labels[field] : field} ${index}`;
  for (const body of bodies) {
    const list: unknown = Reflect.get(body, field);
    const element: unknown = Array.isArray(list) ? list[index] : undefined;
    if (typeof element !== "object" || element === null) continue;
    const kind: unknown = Reflect.get(element, "role") ?? Reflect.get(element, "type");
    if (typeof kind === "string") return `${label} (${kind})`;
  }
  return label;
}

interface Found {
  readonly path: (string | number)[];
  readonly offset: number;
  /** Each side's JSON from the differing character on. */
  readonly left: string;
  readonly right: string;
}

/** The difference within two values, `offset` being where they start; `undefined` when alike. */
function walk(
  left: unknown,
  right: unknown,
  path: (string | number)[],
  offset: number,
): Found | undefined {
  if (left === right) return undefined;
  if (Array.isArray(left) && Array.isArray(right)) {
    // The elements both share by reference are passed over at the cost of a comparison each, or
    // none for a kept copy of a list a mapping rewrites in place, and their length is read from
    // the previous request's when it ended there.
    let index = sharedCount(left, right);
    const before = elementsLength(left, index);
    rememberLength(right, index, before);
    let at = offset + 1 + before;
    for (; index < Math.max(left.length, right.length); index += 1) {
      if (index >= left.length || index >= right.length) {
        return arrayTail(path, at, left, right, index);
      }
      if (index > 0) at += 1;
      const inner = walk(element(left[index]), element(right[index]), [...path, index], at);
      if (inner !== undefined) return inner;
      at += byteLength(element(right[index]));
    }
    return undefined;
  }
  if (isRecord(left) && isRecord(right) && !Array.isArray(left) && !Array.isArray(right)) {
    const leftEntries = entries(left);
    const rightEntries = entries(right);
    let at = offset + 1;
    for (let index = 0; index < Math.max(leftEntries.length, rightEntries.length); index += 1) {
      const leftEntry = leftEntries[index];
      const rightEntry = rightEntries[index];
      if (leftEntry === undefined || rightEntry === undefined) {
        return tail(path, at, index, leftEntry, rightEntry);
      }
      if (index > 0) at += 1;
      const [leftKey, leftValue] = leftEntry;
      const [rightKey, rightValue] = rightEntry;
      const key = JSON.stringify(rightKey);
      if (leftKey !== rightKey) return text([...path, rightKey], at, JSON.stringify(leftKey), key);
      at += utf8Length(key) + 1;
      const inner = walk(leftValue, rightValue, [...path, rightKey], at);
      if (inner !== undefined) return inner;
      at += byteLength(rightValue);
    }
    return undefined;
  }
  const leftText = JSON.stringify(left) ?? "null";
  const rightText = JSON.stringify(right) ?? "null";
  return leftText === rightText ? undefined : text(path, offset, leftText, rightText);
}

/**
 * `body` kept for a later {@link firstDifferingByte} with the next body: `kept` (the body kept
 * before, or `undefined`) made equal to it, each top-level list updated in place, the rest of
 * `body`'s fields shared. `difference` is where `body` parts from `kept` (`undefined` when they
 * serialise alike): the lists before it are alike, the one holding it is alike up to the element
 * it names, and only those after it are compared again. A mapping hands each request the same
 * lists, grown, so keeping a body costs its new elements and no allocation; the lengths measured
 * of `body`'s lists go with their copies, and so does what each copy was made of: the next
 * comparison with a list a mapping rewrote in place since reads how much of it is left alike
 * from the rewrites rather than comparing each element.
 */
export function keepRequestBody(
  kept: Record<string, unknown> | undefined,
  body: object,
  difference: RequestDifference | undefined,
): Record<string, unknown> {
  if (kept !== undefined && (!isRecord(kept) || Array.isArray(kept))) {
    throw argumentError("kept", "expected a kept request body or undefined");
  }
  if (!isRecord(body) || Array.isArray(body)) {
    throw argumentError("body", "expected a JSON object (a request body)");
  }
  if (difference !== undefined && !(isRecord(difference) && Array.isArray(difference.path))) {
    throw argumentError("difference", "expected a request difference or undefined");
  }
  const [field, index] = difference?.path ?? [];
  let before = kept !== undefined;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === field) before = false;
    if (!Array.isArray(value)) {
      next[key] = value;
      continue;
    }
    const list: unknown = kept?.[key];
    const copy: unknown[] = Array.isArray(list) && list !== value ? list : [];
    const from =
      copy.length === 0
        ? 0
        : before
          ? value.length
          : key === field
            ? typeof index === "number"
              ? index
              : 0
            : sharedCount(copy, value);
    copy.length = Math.min(copy.length, from);
    for (let at = copy.length; at < value.length; at += 1) copy.push(value[at]);
    const length = keptLength(value);
    if (length !== undefined) {
      arrayLengths.set(copy, { count: copy.length, last: copy.at(-1), length });
    } else arrayLengths.delete(copy);
    recordCopy(copy, value);
    next[key] = copy;
  }
  return next;
}

/**
 * How many leading elements `left` and `right` share by reference, or serialise alike in: when
 * `left` is a kept copy of `right` itself, those its rewrites left in place are known without
 * looking (`copiedPrefix`), and only the rest are compared.
 */
function sharedCount(left: readonly unknown[], right: readonly unknown[]): number {
  const shared = Math.min(left.length, right.length);
  let index = copiedPrefix(left, right) ?? 0;
  while (index < shared && left[index] === right[index]) index += 1;
  return index;
}

/** Where one object ends before the other: a closing brace on one side, a comma on the other. */
function tail(
  path: (string | number)[],
  at: number,
  index: number,
  leftEntry: readonly [string, unknown] | undefined,
  rightEntry: readonly [string, unknown] | undefined,
): Found {
  const piece = (entry: readonly [string, unknown] | undefined) =>
    entry === undefined
      ? "}"
      : `${index === 0 ? "" : ","}${JSON.stringify(entry[0])}:${JSON.stringify(entry[1])}`;
  const key = (rightEntry ?? leftEntry)?.[0];
  return text(key === undefined ? path : [...path, key], at, piece(leftEntry), piece(rightEntry));
}

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
function elementsLength(values: readonly unknown[], count: number): number {
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
function keptLength(values: readonly unknown[]): number | undefined {
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
function rememberLength(values: readonly unknown[], count: number, length: number): void {
  if (values.length - count > count) return;
  let total = length;
  for (let index = count; index < values.length; index += 1) {
    total += (index > 0 ? 1 : 0) + byteLength(element(values[index]));
  }
  arrayLengths.set(values, { count: values.length, last: values.at(-1), length: total });
}

/** Where one array ends before the other: a closing bracket on one side, the next element on the other. */
function arrayTail(
  path: (string | number)[],
  at: number,
  left: readonly unknown[],
  right: readonly unknown[],
  index: number,
): Found {
  const rest = (values: readonly unknown[]) =>
    index < values.length
      ? `${index === 0 ? "" : ","}${JSON.stringify(element(values[index]))}`
      : "]";
  return text([...path, index], at, rest(left), rest(right));
}

/** The difference within two texts that start at `offset`: after their common beginning. */
function text(path: (string | number)[], offset: number, left: string, right: string): Found {
  let common = 0;
  while (common < left.length && common < right.length && left[common] === right[common]) {
    common += 1;
  }
  // A surrogate pair is one character: step back to its start rather than split it.
  if (common > 0 && isHighSurrogate(left.charCodeAt(common - 1))) common -= 1;
  return {
    path,
    offset: offset + utf8Length(left.slice(0, common)),
    left: left.slice(common),
    right: right.slice(common),
  };
}

/** An array element as JSON writes it: `undefined` and functions become `null`. */
function element(value: unknown): unknown {
  return value === undefined || typeof value === "function" ? null : value;
}

/** An object's entries as JSON writes them: those whose value is not `undefined` or a function. */
function entries(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).filter(
    ([, entry]) => entry !== undefined && typeof entry !== "function",
  );
}

function byteLength(value: unknown): number {
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

function utf8Length(text: string): number {
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

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
