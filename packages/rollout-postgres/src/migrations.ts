import type { RolloutTables } from "./rollout-tables.js";

/** One step of the store's schema, applied once, in a transaction, in version order. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  /** The statements of the step for the tables of one schema. */
  sql(tables: RolloutTables): string;
}

/**
 * Every step of the store's schema. A step once released never changes; a change is a new step.
 *
 * Version 1: sessions keyed by id, with their fencing counter (`next_sequence`); records keyed
 * by (session, sequence), so "records of a session in order" is the primary key; forks point at
 * their parent (the key refuses to delete a referenced parent); two indexes give "latest
 * sessions" (all, or by folder; live ones, or archived ones too by merging the two ranges) in
 * order without a sort, and a partial index gives the latest checkpoint below any sequence
 * without a scan.
 *
 * Version 2: one row per append batch (its first sequence, its size, its append id, where its
 * checkpoints are, and its records as one JSON text) instead of one row per record, so a turn's
 * records pay for one row header and one key, not one each; the text is kept as written, since
 * the store never looks inside a payload. The rows of version 1 are grouped into their batches
 * (the first row of each holds its append id and size) and their table is dropped.
 *
 * Version 3: a batch's records stay in its row once compressed. PostgreSQL compresses a row over
 * about 2 KB; the records column used to move its compressed text to the TOAST table whenever it
 * was still over 2 KB, paying a TOAST row, its index entry and a pointer per batch. Stored `MAIN`,
 * the compressed text stays in the row up to a page (8 KB), and is compressed with lz4 where the
 * server was built with it (faster than pglz, the fallback). Rows written before are left as
 * they are and read the same.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: "sessions, records, and the indexes for listing and resuming",
    sql: (tables) => `
      CREATE TABLE ${tables.sessions} (
        id text PRIMARY KEY,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        cwd text,
        parent_id text REFERENCES ${tables.sessions} (id),
        parent_sequence bigint,
        next_sequence bigint NOT NULL,
        archived boolean NOT NULL DEFAULT false,
        meta jsonb,
        meta_text text,
        CHECK ((parent_id IS NULL) = (parent_sequence IS NULL)),
        CHECK (next_sequence >= coalesce(parent_sequence, 0))
      );
      CREATE INDEX ctx_rollout_sessions_recent
        ON ${tables.sessions} (archived, updated_at DESC, id DESC);
      CREATE INDEX ctx_rollout_sessions_recent_by_cwd
        ON ${tables.sessions} (cwd, archived, updated_at DESC, id DESC);
      CREATE INDEX ctx_rollout_sessions_forks
        ON ${tables.sessions} (parent_id) WHERE parent_id IS NOT NULL;
      CREATE TABLE ${tables.records} (
        session_id text NOT NULL REFERENCES ${tables.sessions} (id) ON DELETE CASCADE,
        sequence bigint NOT NULL,
        type text NOT NULL,
        payload jsonb,
        payload_text text,
        checkpoint boolean NOT NULL,
        append_id text,
        batch_size integer,
        PRIMARY KEY (session_id, sequence),
        CHECK ((payload IS NULL) <> (payload_text IS NULL))
      );
      CREATE INDEX ctx_rollout_records_checkpoints
        ON ${tables.records} (session_id, sequence) WHERE checkpoint;
    `,
  },
  {
    version: 2,
    description: "one row per append batch instead of one per record",
    sql: (tables) => `
      CREATE TABLE ${tables.batches} (
        session_id text NOT NULL REFERENCES ${tables.sessions} (id) ON DELETE CASCADE,
        sequence bigint NOT NULL,
        size integer NOT NULL CHECK (size > 0),
        append_id text NOT NULL,
        checkpoints integer[],
        records text NOT NULL,
        PRIMARY KEY (session_id, sequence)
      );
      CREATE INDEX ctx_rollout_batches_checkpoints
        ON ${tables.batches} (session_id, sequence) WHERE checkpoints IS NOT NULL;
      INSERT INTO ${tables.batches} (session_id, sequence, size, append_id, checkpoints, records)
      SELECT session_id, first, count(*)::integer, max(append_id),
        array_agg((sequence - first)::integer ORDER BY sequence) FILTER (WHERE checkpoint),
        '[' || string_agg(
          '{"type":' || to_json(type)::text || ',"payload":' || coalesce(payload::text, payload_text)
            || CASE WHEN checkpoint THEN ',"checkpoint":true}' ELSE '}' END,
          ',' ORDER BY sequence) || ']'
      FROM (
        SELECT record.*, coalesce(max(sequence) FILTER (WHERE batch_size IS NOT NULL)
          OVER (PARTITION BY session_id ORDER BY sequence), sequence) AS first
        FROM ${tables.records} AS record
      ) AS numbered
      GROUP BY session_id, first;
      DROP TABLE ${tables.records};
    `,
  },
  {
    version: 3,
    description: "keep each batch's compressed records in its row",
    sql: (tables) => `
      ALTER TABLE ${tables.batches} ALTER COLUMN records SET STORAGE MAIN;
      DO $$ BEGIN
        IF EXISTS (SELECT FROM pg_settings
            WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
          ALTER TABLE ${tables.batches} ALTER COLUMN records SET COMPRESSION lz4;
        END IF;
      END $$;
    `,
  },
];
