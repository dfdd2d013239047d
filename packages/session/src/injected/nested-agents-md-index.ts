import { agentsMdInstructions } from "@ctx/registry";
import type { HistoryEntry } from "../history/origin.js";
import { nestedAgentsMd } from "./nested-agents-md.js";

/**
 * The folders whose just-in-time AGENTS.md the history shows, read from the recorded origins (a
 * `nested_agents_md` text) so that it is the same live, after a resume and in a fork: the state
 * of the tracker is the history. Reading it costs the entries added since the last read; a
 * history replaced (a compaction, a rollback) is read again whole, as replacing it cost already.
 */
export class NestedAgentsMdIndex {
  #entries: readonly HistoryEntry[] | undefined;
  #read = 0;
  #directories = new Set<string>();

  /** The folders `entries` shows an AGENTS.md block of, just in time. */
  directories(entries: readonly HistoryEntry[]): ReadonlySet<string> {
    if (entries !== this.#entries || entries.length < this.#read) {
      this.#entries = entries;
      this.#read = 0;
      this.#directories = new Set();
    }
    for (; this.#read < entries.length; this.#read++) {
      const entry = entries[this.#read];
      if (entry !== undefined)
        for (const directory of directoriesOf(entry)) this.#directories.add(directory);
    }
    return this.#directories;
  }
}

/** The folder named by each just-in-time AGENTS.md text of `entry`. */
function directoriesOf({ item, origin }: HistoryEntry): string[] {
  if (origin.source !== "context" || item.type !== "message") return [];
  return origin.kinds.flatMap((type, index) => {
    const part = item.content[index];
    if (type !== nestedAgentsMd.type || part === undefined || !("text" in part)) return [];
    const data = agentsMdInstructions.parse(part.text);
    return data !== undefined && "directory" in data && typeof data.directory === "string"
      ? [data.directory]
      : [];
  });
}
