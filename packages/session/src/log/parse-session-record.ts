import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol/internal";
import { type SessionRecord, sessionRecordSchema, sessionRecordTypes } from "./session-records.js";

/** What {@link parseSessionRecord} made of a value: the record, or why it is none. */
export type ParsedSessionRecord =
  | { readonly success: true; readonly record: SessionRecord }
  /** `foreign` when the value is another writer's note (a type the session never writes). */
  | { readonly success: false; readonly foreign: boolean; readonly reason: string };

/**
 * One record of a session's rollout (`{ type, payload }`, as a store gives it back or as a JSONL
 * line holds it) read against the schema the session writes with, so a reader of rollouts never
 * parses the session's records by hand. Any value may be given: a value that is no session record
 * is a failure, `foreign` when its type is not one the session writes (another writer's note,
 * which a reader may pass over), else with the reason naming the field that does not fit.
 *
 * @example
 * ```ts
 * parseSessionRecord({ type: "rollback", payload: { userTurns: 2 } });
 * // => { success: true, record: { type: "rollback", payload: { userTurns: 2 } } }
 * ```
 */
export function parseSessionRecord(value: unknown): ParsedSessionRecord {
  const type =
    typeof value === "object" && value !== null && "type" in value ? value.type : undefined;
  if (typeof type !== "string" || !sessionRecordTypes.has(type)) {
    return { success: false, foreign: true, reason: "not a type of record the session writes" };
  }
  const parsed = sessionRecordSchema.safeParse(value);
  if (parsed.success) return { success: true, record: parsed.data as SessionRecord };
  return {
    success: false,
    foreign: false,
    reason: `a ${type} record that does not fit: ${describeSchemaIssues(toSchemaIssues(parsed.error))}`,
  };
}
