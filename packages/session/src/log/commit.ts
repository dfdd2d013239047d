import type { RollbackCut } from "../history/find-rollback-cut.js";
import type { SessionState } from "../session-state.js";
import { type SessionRecord, toRolloutRecord } from "./session-records.js";
import type { SessionWriter } from "./session-writer.js";

type RollbackRecord = Extract<SessionRecord, { type: "rollback" }>;

/**
 * Writes records as one batch, then applies each to the state, in order: what is written is
 * what the state is, and a write the store refuses changes nothing. Returns what the state's
 * reducer returned for each record (a rollback's cut; `undefined` for the others).
 */
export interface Commit {
  (records: readonly [RollbackRecord]): Promise<[RollbackCut]>;
  (records: readonly SessionRecord[], cwd?: string): Promise<(RollbackCut | undefined)[]>;
}

/** The one path by which a live session changes: `writer` first, then `state`. */
export function createCommit(writer: SessionWriter, state: SessionState): Commit {
  function commit(records: readonly [RollbackRecord]): Promise<[RollbackCut]>;
  function commit(
    records: readonly SessionRecord[],
    cwd?: string,
  ): Promise<(RollbackCut | undefined)[]>;
  async function commit(
    records: readonly SessionRecord[],
    cwd?: string,
  ): Promise<(RollbackCut | undefined)[]> {
    await writer.write(records.map(toRolloutRecord), cwd);
    return records.map((record) => state.apply(record));
  }
  return commit;
}
