import { argumentError } from "./argument-error.js";
import type { RequestDifference } from "./first-differing-byte.js";
import { isRecord } from "./is-record.js";
import { keepElementsLength, keptLength } from "./json-lengths.js";
import { recordCopy, sharedCount } from "./list-rewrites.js";

/**
 * `body` kept for a later `firstDifferingByte` with the next body: `kept` (the body kept
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
    keepElementsLength(copy, keptLength(value));
    recordCopy(copy, value);
    next[key] = copy;
  }
  return next;
}
