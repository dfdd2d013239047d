import type { JsonValue } from "@ctx/protocol";

/**
 * One record of a rollout, as the session writes it. The store treats `payload` as opaque JSON;
 * only the session reads it. A record marked `checkpoint` holds everything a resume needs from
 * that point on (a compaction's replacement history, say), so a resume reads from the latest
 * checkpoint forward and never scans what came before it.
 */
export interface RolloutRecord {
  /** What the record is, such as `response_item`, `turn_context`, `snapshot` or `compaction`. */
  readonly type: string;
  readonly payload: JsonValue;
  /** Whether a resume may start reading here. */
  readonly checkpoint?: boolean;
}

/** A record as the store gives it back: with its place in the session's rollout. */
export interface StoredRecord extends RolloutRecord {
  /**
   * The record's position in the session's logical rollout, from 0. A fork's own records
   * continue the numbering after the parent prefix they reference.
   */
  readonly sequence: number;
}
