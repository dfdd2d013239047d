import { argumentError } from "./argument-error.js";
import { isRecord } from "./is-record.js";
import {
  byteLength,
  element,
  elementsLength,
  isHighSurrogate,
  rememberLength,
  utf8Length,
} from "./json-lengths.js";
import { sharedCount } from "./list-rewrites.js";

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

/** An object's entries as JSON writes them: those whose value is not `undefined` or a function. */
function entries(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).filter(
    ([, entry]) => entry !== undefined && typeof entry !== "function",
  );
}
