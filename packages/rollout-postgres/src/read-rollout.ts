import type { RolloutRead, StoredRecord } from "@ctx/session";
import { RolloutError } from "@ctx/session";
import type { TransactionSql } from "postgres";
import type { RolloutTables } from "./rollout-tables.js";
import { type SessionRow, sessionColumns, toSessionInfo } from "./session-row.js";
import { fromStorableJson } from "./storable-json.js";

/** Above every sequence a store hands out, for "no upper bound" in SQL. */
const unbounded = Number.MAX_SAFE_INTEGER;

interface ChainRow extends SessionRow {
  readonly depth: number;
}

interface RecordRow {
  readonly sequence: string | number | bigint;
  readonly type: string;
  readonly payload: unknown;
  readonly payload_text: string | null;
  readonly checkpoint: boolean;
}

/** What {@link readRollout} reads, and how. */
export interface ReadRequest {
  readonly tables: RolloutTables;
  readonly sessionId: string;
  readonly from: "latest-checkpoint" | "start";
  /** Whether the queries are prepared: as the client was configured. */
  readonly queryOptions: { readonly prepare: boolean };
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
 * records from there on are read; nothing before it is scanned.
 *
 * @throws {RolloutError} `session-not-found` when the session does not exist.
 */
export async function readRollout(
  transaction: Pick<TransactionSql, "unsafe">,
  request: ReadRequest,
): Promise<RolloutRead> {
  const { tables, sessionId, from, queryOptions } = request;
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
  const start = from === "start" ? 0 : await latestCheckpoint(transaction, request, links);
  const visible = links.filter((link) => link.low < link.high && start < link.high);
  const rows = await transaction.unsafe<RecordRow[]>(
    `SELECT record.sequence, record.type, record.payload, record.payload_text, record.checkpoint
     FROM unnest($1::text[], $2::text[], $3::text[]) AS link(id, low, high)
     CROSS JOIN LATERAL (
       SELECT sequence, type, payload, payload_text, checkpoint FROM ${tables.records}
       WHERE session_id = link.id AND sequence >= link.low::bigint AND sequence < link.high::bigint
     ) AS record
     ORDER BY record.sequence`,
    [
      visible.map((link) => link.id),
      visible.map((link) => String(Math.max(link.low, start))),
      visible.map((link) => String(link.high)),
    ],
    queryOptions,
  );
  const records: StoredRecord[] = rows.map((row) => {
    const payload = fromStorableJson(row.payload, row.payload_text);
    const sequence = Number(row.sequence);
    return row.checkpoint
      ? { sequence, type: row.type, payload, checkpoint: true }
      : { sequence, type: row.type, payload };
  });
  return { session: toSessionInfo(head), records, warnings: [] };
}

/** The sequence of the latest checkpoint the head session sees, or 0 when it sees none. */
async function latestCheckpoint(
  transaction: Pick<TransactionSql, "unsafe">,
  { tables, queryOptions }: ReadRequest,
  links: readonly ChainLink[],
): Promise<number> {
  const rows = await transaction.unsafe<{ sequence: string | number | bigint }[]>(
    `SELECT found.sequence
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS link(id, high, position)
     CROSS JOIN LATERAL (
       SELECT sequence FROM ${tables.records}
       WHERE session_id = link.id AND checkpoint AND sequence < link.high::bigint
       ORDER BY sequence DESC LIMIT 1
     ) AS found
     ORDER BY link.position LIMIT 1`,
    [links.map((link) => link.id), links.map((link) => String(link.high))],
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
