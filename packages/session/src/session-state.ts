import type { KindSection, SectionReference } from "@ctx/fragments";
import type { JsonValue } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import { findRollbackCut, type RollbackCut } from "./find-rollback-cut.js";
import { applyMergePatch } from "./merge-patch.js";
import type { HistoryEntry } from "./origin.js";
import { PromptBuilder } from "./prompt-builder.js";

/** The sections' snapshots, by section id. */
export type Snapshots = Readonly<Record<string, JsonValue>>;

/**
 * What a session knows between turns, changed only through these methods so that a live
 * session and a resume replaying its rollout reach the same state: the history with origins,
 * the prompt kept up to date with it, where each user turn starts, the snapshots after each
 * turn, and whether the next turn must send the full context.
 */
export class SessionState {
  readonly registry: Registry;
  entries: HistoryEntry[] = [];
  prompt = new PromptBuilder();
  /** The snapshots the model was last shown. */
  snapshots: Snapshots = {};
  /** The snapshots after each turn, oldest first. */
  turnSnapshots: Snapshots[] = [];
  /** Whether the next turn sends the full context (no baseline, or one that no longer holds). */
  fullContext = true;
  /** How many turns have begun, rolled-back ones included (the `turn` records' count). */
  turnCount = 0;
  baseInstructions: string | undefined;
  /** The model of the latest turn, for the resume warning. */
  model: string | undefined;
  /** How many history entries carry a fragment of each section. */
  #sectionCounts = new Map<string, number>();

  constructor(registry: Registry) {
    this.registry = registry;
  }

  /** A turn begins. */
  beginTurn(model: string, baseInstructions: string | undefined): void {
    this.turnCount += 1;
    this.model = model;
    this.baseInstructions ??= baseInstructions;
  }

  append(entry: HistoryEntry): void {
    this.entries.push(entry);
    this.prompt.append(entry);
    this.#count(entry);
  }

  /** The turn's context is recorded: `state` (full, or a merge patch) becomes the baseline. */
  commitSnapshots(full: boolean, state: JsonValue): void {
    const next = full ? state : applyMergePatch(this.snapshots, state);
    this.snapshots = isSnapshots(next) ? next : {};
    this.turnSnapshots.push(this.snapshots);
    this.fullContext = false;
  }

  /**
   * What the model was last shown of `section`, by the reference's rules: on a full context only
   * a snapshot that survives a reset is known, and a section the history shows is unknown;
   * otherwise a snapshot is known unless the section is retained and its fragment left the
   * history (absent), and without one a section the history shows is unknown.
   */
  reference(section: KindSection, full: boolean): SectionReference<JsonValue> {
    const snapshot = this.snapshots[section.id];
    const shown = this.shows(section.id);
    if (
      snapshot !== undefined &&
      (section.survivesReset || (!full && (!section.retained || shown)))
    ) {
      return { status: "known", snapshot };
    }
    if (snapshot !== undefined && !full) return { status: "absent" };
    return section.legacy && shown ? { status: "unknown" } : { status: "absent" };
  }

  /** Whether some history entry still carries a fragment of section `id`. */
  shows(id: string): boolean {
    return (this.#sectionCounts.get(id) ?? 0) > 0;
  }

  /** Drops the last `userTurns` real user turns; see {@link findRollbackCut}. */
  rollback(userTurns: number): RollbackCut {
    const cut = findRollbackCut(this.entries, userTurns, this.registry);
    if (cut.droppedTurns === 0) return cut;
    const kept = this.entries.slice(0, cut.keep);
    this.entries = [];
    this.prompt = new PromptBuilder();
    this.#sectionCounts = new Map();
    for (const entry of kept) this.append(entry);
    const surviving = this.turnSnapshots.length - cut.droppedTurns;
    this.turnSnapshots = this.turnSnapshots.slice(0, Math.max(0, surviving));
    this.snapshots = this.turnSnapshots.at(-1) ?? this.#survivors();
    this.fullContext = this.turnSnapshots.length === 0 || cut.clearsBaseline;
    return cut;
  }

  /** The snapshots that outlive a lost baseline (the previous model). */
  #survivors(): Snapshots {
    const kept: Record<string, JsonValue> = {};
    for (const kind of this.registry.kinds) {
      const id = kind.section?.id;
      const value = id === undefined ? undefined : this.snapshots[id];
      if (id !== undefined && value !== undefined && kind.section?.survivesReset) kept[id] = value;
    }
    return kept;
  }

  #count(entry: HistoryEntry): void {
    if (entry.origin.source !== "context") return;
    for (const type of entry.origin.kinds) {
      const id = this.registry.get(type)?.section?.id;
      if (id !== undefined) this.#sectionCounts.set(id, (this.#sectionCounts.get(id) ?? 0) + 1);
    }
  }
}

function isSnapshots(value: JsonValue): value is Snapshots {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
