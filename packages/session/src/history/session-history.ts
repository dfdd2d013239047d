import type { Registry } from "@ctx/registry";
import type { HistoryEntry } from "./origin.js";
import { PromptBuilder } from "./prompt-builder.js";

/**
 * A session's history with what is kept up to date with it: the prompt the model is sent, and
 * how many entries carry a fragment of each section (so whether the history still shows one is
 * a lookup).
 */
export class SessionHistory {
  readonly #registry: Registry;
  #entries: HistoryEntry[] = [];
  #prompt = new PromptBuilder();
  #sectionCounts = new Map<string, number>();

  constructor(registry: Registry) {
    this.#registry = registry;
  }

  /** The entries, oldest first. */
  get entries(): readonly HistoryEntry[] {
    return this.#entries;
  }

  /** The prompt kept up to date with the entries. */
  get prompt(): PromptBuilder {
    return this.#prompt;
  }

  /** Whether some entry still carries a fragment of section `id`. */
  shows(id: string): boolean {
    return (this.#sectionCounts.get(id) ?? 0) > 0;
  }

  /** Adds `entry` at the end. */
  push(entry: HistoryEntry): void {
    this.#entries.push(entry);
    this.#prompt.append(entry);
    this.#count(entry);
  }

  /** Puts `entry` at `index`: the prompt is built again, as it is for any change but a push. */
  insert(index: number, entry: HistoryEntry): void {
    const entries = [...this.#entries];
    entries.splice(index, 0, entry);
    this.replace(entries);
  }

  /** Replaces every entry with `entries`. */
  replace(entries: readonly HistoryEntry[]): void {
    this.#entries = [];
    this.#prompt = new PromptBuilder();
    this.#sectionCounts = new Map();
    for (const entry of entries) this.push(entry);
  }

  #count(entry: HistoryEntry): void {
    if (entry.origin.source !== "context") return;
    for (const type of entry.origin.kinds) {
      const id = this.#registry.get(type)?.section?.id;
      if (id !== undefined) this.#sectionCounts.set(id, (this.#sectionCounts.get(id) ?? 0) + 1);
    }
  }
}
