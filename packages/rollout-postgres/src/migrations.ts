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
];
