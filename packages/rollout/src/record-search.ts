import type { JsonValue } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { RolloutError } from "./rollout-error.js";
import type { StoredRecord } from "./rollout-record.js";
import { sequenceSchema } from "./rollout-schemas.js";

/**
 * Which records of a session's logical rollout (its fork parents' prefixes included, from the
 * first record) `RolloutStore.searchRecords` returns: every condition given must hold.
 */
export interface RecordSearch {
  /** Only records of these types (one at least). */
  readonly types: readonly string[];
  /**
   * Only records whose payload holds a string value (not a key) containing one of these texts,
   * with the ASCII letters `A`–`Z` compared without case and every other character as it is.
   * Every record of `types` when omitted.
   */
  readonly texts?: readonly string[];
  /** Only records with a sequence at or above this one. */
  readonly from?: number;
  /** Only records with a sequence below this one. */
  readonly below?: number;
  /**
   * Besides, every record of these types, whatever `texts`, `from` and `below` say: the marks a
   * reader counts (turns, rollbacks) come in the same search as what it looks for.
   */
  readonly marks?: readonly string[];
}

/** What `RolloutStore.searchRecords` found: records in sequence order, as `read` gives them. */
export interface RecordSearchResult {
  readonly records: readonly StoredRecord[];
  /** A torn last record skipped after a crash, and other limits met on the way. */
  readonly warnings: readonly CtxWarning[];
}

/** The schema every store checks a {@link RecordSearch} with. */
export const recordSearchSchema = lazySchema(() =>
  z.strictObject({
    types: z.array(z.string().min(1)).min(1).max(100),
    texts: z.array(z.string().min(1).max(10_000)).min(1).max(10_000).optional(),
    from: sequenceSchema.optional(),
    below: sequenceSchema.optional(),
    marks: z.array(z.string().min(1)).min(1).max(100).optional(),
  }),
);

/**
 * `text` with `A`–`Z` made `a`–`z` and nothing else changed: what a {@link RecordSearch}
 * compares, for a store that narrows its candidates on folded text.
 * @throws {RolloutError} `invalid-argument` when `text` is not a string.
 */
export function foldAsciiLetters(text: string): string {
  if (typeof text !== "string")
    throw new RolloutError("invalid-argument", "text: expected a string");
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Whether a string value inside `value` contains one of the folded `texts`. */
function holdsText(value: JsonValue, texts: readonly string[]): boolean {
  if (typeof value === "string") {
    const folded = foldAsciiLetters(value);
    return texts.some((text) => folded.includes(text));
  }
  if (Array.isArray(value)) return value.some((element) => holdsText(element, texts));
  if (value !== null && typeof value === "object")
    return Object.values(value).some((element) => holdsText(element as JsonValue, texts));
  return false;
}

/**
 * The test of one record against a checked search, as every store answers it: a store may find
 * its candidates any way it likes (an index, a query, a scan of raw text) and keeps those this
 * accepts. It checks `search` once, so a store calls it before reading anything.
 * @throws {RolloutError} `invalid-argument` when `search` does not fit {@link RecordSearch}.
 */
export function createRecordMatcher(
  search: RecordSearch,
): (record: Pick<StoredRecord, "sequence" | "type" | "payload">) => boolean {
  checkSchema("record search", search, recordSearchSchema);
  const types = new Set(search.types);
  const marks = new Set(search.marks);
  const texts = search.texts?.map(foldAsciiLetters);
  const from = search.from ?? 0;
  const below = search.below ?? Number.POSITIVE_INFINITY;
  return (record) =>
    marks.has(record.type) ||
    (record.sequence >= from &&
      record.sequence < below &&
      types.has(record.type) &&
      (texts === undefined || holdsText(record.payload, texts)));
}
