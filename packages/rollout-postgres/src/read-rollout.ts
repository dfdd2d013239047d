import type { RecordSearch, RolloutRead, StoredRecord } from "@ctx/rollout";
import { createRecordMatcher, RolloutError } from "@ctx/rollout";
import type { TransactionSql } from "postgres";
import { arrayLiteral } from "./array-literal.js";
import type { RolloutTables } from "./rollout-tables.js";
import { type SessionRow, sessionColumns, toSessionInfo } from "./session-row.js";
import { decodeStoredBatch } from "./stored-batch.js";

/** Above every sequence a store hands out, for "no upper bound" in SQL. */
const unbounded = Number.MAX_SAFE_INTEGER;

interface ChainRow extends SessionRow {
  readonly depth: number;
}

interface BatchRow {
  readonly session_id: string;
  readonly sequence: string | number | bigint;
  readonly records: string;
}

/** What {@link readRollout} reads, and how. */
export interface ReadRequest {
  readonly tables: RolloutTables;
  readonly sessionId: string;
  readonly from: "latest-checkpoint" | "start";
  /** Whether the queries are prepared: as the client was configured. */
  readonly queryOptions: { readonly prepare: boolean };
  /**
   * Only the records that fit this search (read from the start): the server keeps the batches
   * that may hold one (a type's and a text's JSON spelling in the batch's text), and only those
   * are sent and parsed.
   */
  readonly search?: RecordSearch | undefined;
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `text` as an `ILIKE` pattern that finds it anywhere: its `\\`, `%` and `_` escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The SQL condition a batch's text meets when it may hold a record of `search`, with the
 * parameters it reads from `$4` on: a type's key and value as JSON writes them, and each text
 * as it is written inside a JSON string, found by `ILIKE` (which folds at least `A`–`Z`; a text
 * with a lone surrogate, which the batch may hold inside a pair, is not looked for), or else
 * (`$6`) a mark's type.
 */
function batchCondition(search: RecordSearch | undefined): {
  readonly sql: string;
  readonly parameters: string[];
} {
  if (search === undefined) return { sql: "", parameters: [] };
  const spelled = (types: readonly string[]) =>
    arrayLiteral(types.map((type) => `"type":${JSON.stringify(type)}`));
  const texts = search.texts;
  const patterns =
    texts === undefined || texts.some((text) => loneSurrogate.test(text))
      ? []
      : texts.map((text) => containsPattern(JSON.stringify(text).slice(1, -1)));
  const holds = (parameter: string) =>
    `EXISTS (SELECT 1 FROM unnest(${parameter}::text[]) AS needle WHERE strpos(records, needle) > 0)`;
  return {
    sql: ` AND ((${holds("$4")} AND (cardinality($5::text[]) = 0 OR records ILIKE ANY ($5::text[])))
      OR (cardinality($6::text[]) > 0 AND ${holds("$6")}))`,
    parameters: [spelled(search.types), arrayLiteral(patterns), spelled(search.marks ?? [])],
  };
}

/** One session of a fork chain, and the part of its own records the head session sees. */
interface ChainLink {
  readonly id: string;
  /** Its own records start here (its fork point; 0 for a root). */
  readonly low: number;
  /** Its records at or above this belong to the forks below it, not to the head's rollout. */
  readonly high: number;
}

/**
 * Reads a session as its logical rollout, inside one snapshot: its ancestors' prefixes below
 * each fork point, then its own records. From the latest checkpoint, the checkpoint is found by
 * probing the checkpoint index of each link of the chain, nearest first (one query), and only
 * the batches from the one holding it on are read (the key finds where each range starts);
 * nothing before it is scanned.
 *
 * @throws {RolloutError} `session-not-found` when the session does not exist.
 */
export async function readRollout(
  transaction: Pick<TransactionSql, "unsafe">,
  request: ReadRequest,
): Promise<RolloutRead> {
  const { tables, sessionId, from, queryOptions, search } = request;
  const matches = search === undefined ? undefined : createRecordMatcher(search);
  const chain = await transaction.unsafe<ChainRow[]>(
    `WITH RECURSIVE chain AS (
       SELECT ${sessionColumns}, 0 AS depth FROM ${tables.sessions} WHERE id = $1
       UNION ALL
       SELECT ${prefixed("parent")}, chain.depth + 1
       FROM chain JOIN ${tables.sessions} AS parent ON parent.id = chain.parent_id
     )
     SELECT * FROM chain ORDER BY depth`,
    [sessionId],
    queryOptions,
  );
  const head = chain[0];
  if (head === undefined)
    throw new RolloutError("session-not-found", `session ${sessionId} does not exist`, {
      sessionId,
    });
  const links: ChainLink[] = [];
  let high = unbounded;
  for (const row of chain) {
    const low = row.parent_sequence === null ? 0 : Number(row.parent_sequence);
    links.push({ id: row.id, low, high });
    high = Math.min(high, low);
  }
  const start =
    from === "start"
      ? search?.marks === undefined
        ? (search?.from ?? 0)
        : 0
      : await latestCheckpoint(transaction, request, links);
  // Marks come from the whole rollout: only a search without them reads just its range.
  if (search?.below !== undefined && search.marks === undefined)
    for (const [index, link] of links.entries())
      links[index] = { ...link, high: Math.min(link.high, search.below) };
  const condition = batchCondition(search);
  const visible = links.filter((link) => link.low < link.high && start < link.high);
  const starts = visible.map((link) => Math.max(link.low, start));
  // Each range starts at the batch holding its first record: the last batch starting at or
  // before it, found backwards on the key.
  const rows = await transaction.unsafe<BatchRow[]>(
    `SELECT batch.session_id, batch.sequence, batch.records
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS link(id, low, high, position)
     CROSS JOIN LATERAL (
       SELECT session_id, sequence, records FROM ${tables.batches}
       WHERE session_id = link.id AND sequence < link.high::bigint
         AND sequence >= coalesce((
           SELECT sequence FROM ${tables.batches}
           WHERE session_id = link.id AND sequence <= link.low::bigint
           ORDER BY sequence DESC LIMIT 1
         ), 0)${condition.sql}
     ) AS batch
     ORDER BY link.position DESC, batch.sequence`,
    [
      arrayLiteral(visible.map((link) => link.id)),
      arrayLiteral(starts.map(String)),
      arrayLiteral(visible.map((link) => String(link.high))),
      ...condition.parameters,
    ],
    queryOptions,
  );
  const ranges = new Map(visible.map((link, index) => [link.id, [starts[index] ?? 0, link.high]]));
  const records: StoredRecord[] = [];
  for (const row of rows) {
    const [low = 0, high = unbounded] = ranges.get(row.session_id) ?? [];
    for (const record of decodeStoredBatch(row.session_id, Number(row.sequence), row.records))
      if (record.sequence >= low && record.sequence < high && (matches?.(record) ?? true))
        records.push(record);
  }
  return { session: toSessionInfo(head), records, warnings: [] };
}

/** The sequence of the latest checkpoint the head session sees, or 0 when it sees none. */
async function latestCheckpoint(
  transaction: Pick<TransactionSql, "unsafe">,
  { tables, queryOptions }: ReadRequest,
  links: readonly ChainLink[],
): Promise<number> {
  // Batches do not overlap, so of those starting below the bound, the latest two that hold a
  // checkpoint hold the latest checkpoint below it: the first may straddle the bound.
  const rows = await transaction.unsafe<{ sequence: string | number | bigint }[]>(
    `SELECT found.sequence
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS link(id, high, position)
     CROSS JOIN LATERAL (
       SELECT max(batch.sequence + place) AS sequence
       FROM (
         SELECT sequence, checkpoints FROM ${tables.batches}
         WHERE session_id = link.id AND checkpoints IS NOT NULL AND sequence < link.high::bigint
         ORDER BY sequence DESC LIMIT 2
       ) AS batch, unnest(batch.checkpoints) AS place
       WHERE batch.sequence + place < link.high::bigint
     ) AS found
     WHERE found.sequence IS NOT NULL
     ORDER BY link.position LIMIT 1`,
    [
      arrayLiteral(links.map((link) => link.id)),
      arrayLiteral(links.map((link) => String(link.high))),
    ],
    queryOptions,
  );
  const found = rows[0];
  return found === undefined ? 0 : Number(found.sequence);
}

function prefixed(alias: string): string {
  return sessionColumns
    .split(", ")
    .map((column) => `${alias}.${column}`)
    .join(", ");
}
