import { agentsMdInstructions } from "@ctx/registry";
import type { HistoryEntry } from "../history/origin.js";
import { nestedAgentsMd } from "./nested-agents-md.js";

/** A just-in-time AGENTS.md block the history shows: its folder and its instructions. */
export interface NestedBlock {
  readonly directory: string;
  readonly text: string;
}

/**
 * The just-in-time AGENTS.md blocks the history shows, by folder, read from the recorded origins
 * (a `nested_agents_md` text) so that they are the same live, after a resume and in a fork: the
 * state of the tracker is the history. Reading it costs the entries added since the last read; a
 * history replaced (a compaction, a rollback) is read again whole, as replacing it cost already.
 */
export class NestedAgentsMdIndex {
  #entries: readonly HistoryEntry[] | undefined;
  #read = 0;
  #blocks = new Map<string, NestedBlock>();

  /** The blocks `entries` shows, by folder, in the order first recorded (a later copy wins). */
  blocks(entries: readonly HistoryEntry[]): ReadonlyMap<string, NestedBlock> {
    if (entries !== this.#entries || entries.length < this.#read) {
      this.#entries = entries;
      this.#read = 0;
      this.#blocks = new Map();
    }
    for (; this.#read < entries.length; this.#read++) {
      const entry = entries[this.#read];
      if (entry === undefined) continue;
      for (const block of blocksOf(entry)) this.#blocks.set(block.directory, block);
    }
    return this.#blocks;
  }
}

/** The just-in-time AGENTS.md blocks of `entry`. */
function blocksOf({ item, origin }: HistoryEntry): NestedBlock[] {
  if (origin.source !== "context" || item.type !== "message") return [];
  return origin.kinds.flatMap((type, index) => {
    const part = item.content[index];
    if (type !== nestedAgentsMd.type || part === undefined || !("text" in part)) return [];
    const data = agentsMdInstructions.parse(part.text);
    return data !== undefined && "directory" in data && typeof data.directory === "string"
      ? [{ directory: data.directory, text: data.text }]
      : [];
  });
}
