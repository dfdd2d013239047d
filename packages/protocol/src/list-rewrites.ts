/**
 * How many of a list's latest rewrites are kept: a copy made before them is compared element by
 * element. A session's request calls its adapter's mapper more than once (to send, to measure the
 * body), so they span a few requests.
 */
const rewritesKept = 8;

/** The latest rewrites of one list a mapping hands out. */
interface Rewrites {
  /** How many rewrites the list had. */
  revision: number;
  /** Its length after the latest: a holder that changed it since is not followed. */
  length: number;
  /** The index each of the latest rewrites wrote from, at its revision modulo `rewritesKept`. */
  readonly from: number[];
}

/** What a copy was made of: the list and its revision then. */
interface Origin {
  readonly list: readonly unknown[];
  readonly revision: number;
}

const rewrites = new WeakMap<readonly unknown[], Rewrites>();
const origins = new WeakMap<readonly unknown[], Origin>();

/**
 * Records that `list`, an array a mapping hands out and keeps writing, was just rewritten from
 * index `from` on: its elements before `from` left in place, the rest written (`from` is 0 for
 * a new array). Only the writer may call it, after each write.
 */
export function recordRewrite(list: readonly unknown[], from: number): void {
  const entry = rewrites.get(list) ?? { revision: 0, length: 0, from: [] };
  entry.revision += 1;
  entry.from[entry.revision % rewritesKept] = from;
  entry.length = list.length;
  rewrites.set(list, entry);
}

/**
 * Records that `copy` was just made equal to `list`, each element serialising as `list`'s at the
 * same place, so {@link copiedPrefix} can later tell how much of the two is still alike. A list
 * whose writes are not recorded, or whose holder changed its length, is not followed.
 */
export function recordCopy(copy: readonly unknown[], list: readonly unknown[]): void {
  const entry = rewrites.get(list);
  if (entry === undefined || entry.length !== list.length) origins.delete(copy);
  else origins.set(copy, { list, revision: entry.revision });
}

/**
 * How many leading elements `copy` and `list` are known to hold alike without comparing them:
 * when `copy` was made of `list` itself ({@link recordCopy}), the elements before every index
 * rewritten since (and before the shorter's end). `undefined` when not known: a copy of another
 * list, a list whose writes are not recorded or whose holder changed its length, or more
 * rewrites since the copy than are kept. A slot a holder overwrote in place is not seen, as the
 * writer does not see it either.
 */
export function copiedPrefix(
  copy: readonly unknown[],
  list: readonly unknown[],
): number | undefined {
  const origin = origins.get(copy);
  const entry = rewrites.get(list);
  if (origin?.list !== list || entry === undefined || entry.length !== list.length) {
    return undefined;
  }
  if (entry.revision - origin.revision > rewritesKept) return undefined;
  let prefix = Math.min(copy.length, list.length);
  for (let revision = origin.revision + 1; revision <= entry.revision; revision += 1) {
    prefix = Math.min(prefix, entry.from[revision % rewritesKept] ?? 0);
  }
  return prefix;
}

/**
 * How many leading elements `left` and `right` share by reference, or serialise alike in: when
 * `left` is a kept copy of `right` itself, those its rewrites left in place are known without
 * looking (`copiedPrefix`), and only the rest are compared.
 */
export function sharedCount(left: readonly unknown[], right: readonly unknown[]): number {
  const shared = Math.min(left.length, right.length);
  let index = copiedPrefix(left, right) ?? 0;
  while (index < shared && left[index] === right[index]) index += 1;
  return index;
}
