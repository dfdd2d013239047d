import type { JsonValue } from "@ctx/protocol";
import type { ClaudeCodeRecord } from "./claude-code-record.js";

/** How many records' places are remembered, so a rewind can go back to them. */
const placeMemory = 65_536;

/** The person wrote again from an earlier record of the main conversation. */
export interface ClaudeCodeRewind {
  /** The uuid of the record the new branch goes on from; `null` for the conversation's start. */
  readonly parent: string | null;
  /** The place the caller gave that record (`0` for the start): where the history goes back to. */
  readonly place: number;
  /** How many user and assistant records of the main conversation the abandoned branch held. */
  readonly records: number;
}

/** What {@link createClaudeCodeRewindTracker} returns. */
export interface ClaudeCodeRewindTracker {
  /**
   * Takes the next record of the transcript, as the record reader read it and its JSON: the
   * rewind it makes, if it is the person writing again from an earlier record. Sub-agents'
   * records (a `thread`) are no part of the main conversation and are passed over.
   */
  take(record: ClaudeCodeRecord, json: JsonValue): ClaudeCodeRewind | undefined;
  /**
   * Gives the record just taken its place (the history's length after it, a line number), the
   * one a later rewind to it returns.
   */
  remember(place: number): void;
}

function isObject(json: JsonValue): json is { readonly [key: string]: JsonValue } {
  return typeof json === "object" && json !== null && !Array.isArray(json);
}

/**
 * The one rule for Claude Code's rewinds, which `importClaudeCodeTranscript` and `ctx inspect`
 * both follow. Claude Code keeps the branch a person rewound from in the file: a message of the
 * person's whose parent is not the main conversation's record just before it starts a new
 * branch from that parent, and every user or assistant record after the parent on the branch
 * it leaves is abandoned. A tool's result hangs off its own call whatever came between (parallel
 * calls), so only the person's words tell a rewind; a parent with no user or assistant record
 * after it (only records Claude Code keeps for itself) abandons nothing. A compaction forgets
 * the places before it; so does age: the newest 65,536 records' places are remembered, and a
 * parent older than that, or never seen (an excerpt's first lines), is no rewind.
 *
 * @example
 * ```ts
 * const rewinds = createClaudeCodeRewindTracker();
 * const rewind = rewinds.take(read(json), json); // cut the history back to rewind.place
 * rewinds.remember(history.length);
 * ```
 */
export function createClaudeCodeRewindTracker(): ClaudeCodeRewindTracker {
  /** Each remembered record's place and how many user and assistant records led to it. */
  const places = new Map<string, { place: number; depth: number }>();
  let depth = 0;
  let last: string | undefined;
  let pending: string | undefined;

  const rewindOf = (record: ClaudeCodeRecord, parent: JsonValue | undefined) => {
    if (record.type !== "user" || last === undefined) return undefined;
    if ((typeof parent !== "string" && parent !== null) || parent === last) return undefined;
    if (!record.blocks.some((block) => block.type === "text" && block.author === "user")) {
      return undefined;
    }
    const held = parent === null ? { place: 0, depth: 0 } : places.get(parent);
    if (held === undefined || held.depth >= depth) return undefined;
    const rewind: ClaudeCodeRewind = { parent, place: held.place, records: depth - held.depth };
    for (const [uuid, each] of places) if (each.depth > held.depth) places.delete(uuid);
    depth = held.depth;
    return rewind;
  };

  return {
    take(record, json) {
      pending = undefined;
      if (record.type === "unfit") return undefined;
      if (record.type !== "compaction" && record.thread !== undefined) return undefined;
      if (!isObject(json)) return undefined;
      const rewind = rewindOf(record, json.parentUuid);
      if (record.type === "compaction") places.clear();
      if (record.type === "user" || record.type === "assistant") depth += 1;
      if (typeof json.uuid === "string") {
        pending = json.uuid;
        last = json.uuid;
      }
      return rewind;
    },
    remember(place) {
      if (pending === undefined) return;
      places.delete(pending);
      places.set(pending, { place, depth });
      if (places.size > placeMemory) {
        const oldest = places.keys().next();
        if (oldest.done !== true) places.delete(oldest.value);
      }
      pending = undefined;
    },
  };
}
