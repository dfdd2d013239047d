import type { KindSection, SectionReference } from "@ctx/fragments";
import type { JsonValue } from "@ctx/protocol";
import type { CompactionState, Registry } from "@ctx/registry";
import { type CompactionCheckpoint, checkpointOf } from "./compaction/compaction-checkpoint.js";
import { contextPosition } from "./compaction/context-position.js";
import { findRollbackCut, type RollbackCut } from "./history/find-rollback-cut.js";
import type { HistoryEntry } from "./history/origin.js";
import type { PromptBuilder, PromptView } from "./history/prompt-builder.js";
import { SessionHistory } from "./history/session-history.js";
import type { SessionRecord } from "./log/session-records.js";
import { applyMergePatch } from "./turn/merge-patch.js";
import { sectionReference } from "./turn/section-reference.js";
import { viewOfSentRequest } from "./turn/sent-request.js";
import { isSnapshots, type Snapshots } from "./turn/snapshots.js";
import { survivingSnapshots } from "./turn/surviving-snapshots.js";

/**
 * The usage a provider reported for the latest response it was given, and how much of the
 * history that response's request carried.
 */
export interface UsageReport {
  /** The provider's total tokens: the request's input and the response's output. */
  readonly totalTokens: number;
  /**
   * How many history entries, from the start, the total covers: up to the last model-generated
   * entry when the report came (the whole history when there was none). Later entries are not in
   * the total; the session counts them itself.
   */
  readonly covered: number;
}

/** The last request a rollout shows was sent, as views of the history then. */
export interface RecordedRequest {
  readonly withImages: PromptView;
  readonly textOnly: PromptView;
}

/**
 * What a session knows between turns, changed only by {@link SessionState.apply} of the records
 * it writes, so that a live session and a resume replaying its rollout reach the same state:
 * the history with origins, the prompt kept up to date with it, where each user turn starts,
 * the snapshots after each turn, and whether the next turn must send the full context.
 */
export class SessionState {
  readonly registry: Registry;
  /** The history, with the prompt and the sections it shows. */
  readonly #history: SessionHistory;
  /** The snapshots the model was last shown. */
  #snapshots: Snapshots = {};
  /** The snapshots after each turn, oldest first. */
  #turnSnapshots: Snapshots[] = [];
  /** Whether the next turn sends the full context (no baseline, or one that no longer holds). */
  #fullContext = true;
  /** How many turns have begun, rolled-back ones included (the `turn` records' count). */
  #turnCount = 0;
  #baseInstructions: string | undefined;
  /** The model of the latest turn, for the resume warning. */
  #model: string | undefined;
  /** The latest compaction: a rollback goes back to it at most. */
  #checkpoint: CompactionCheckpoint | undefined;
  /** How many entries from the start a rollback may not cut (the compacted history). */
  #floor = 0;
  /** Where the next context entry goes, while a compaction's full context is placed ({@link contextPosition}). */
  #contextAt: number | undefined;
  /** Whether nothing was added since the latest compaction. */
  #justCompacted = false;
  /** The provider's latest usage report, while the history it counted is still this one. */
  #usage: UsageReport | undefined;
  /** Whether the latest history entry applied came from the model. */
  #answering = false;
  /**
   * The last request the records show was sent, as views of the history then (with and
   * without images): what the first request after a resume, rollback or fork is compared with.
   */
  #recordedRequest: RecordedRequest | undefined;

  constructor(registry: Registry) {
    this.registry = registry;
    this.#history = new SessionHistory(registry);
  }

  /** The history with its origins, oldest first. */
  get entries(): readonly HistoryEntry[] {
    return this.#history.entries;
  }

  /** The prompt kept up to date with the history. */
  get prompt(): PromptBuilder {
    return this.#history.prompt;
  }

  /** The snapshots the model was last shown. */
  get snapshots(): Snapshots {
    return this.#snapshots;
  }

  /** Whether the next turn sends the full context (no baseline, or one that no longer holds). */
  get fullContext(): boolean {
    return this.#fullContext;
  }

  /** How many turns have begun, rolled-back ones included (the `turn` records' count). */
  get turnCount(): number {
    return this.#turnCount;
  }

  /** The base instructions the session's first turn recorded. */
  get baseInstructions(): string | undefined {
    return this.#baseInstructions;
  }

  /** The model of the latest turn, for the resume warning. */
  get model(): string | undefined {
    return this.#model;
  }

  /** The last request the records show was sent; see {@link RecordedRequest}. */
  get recordedRequest(): RecordedRequest | undefined {
    return this.#recordedRequest;
  }

  /**
   * Applies one record as it was (or is about to be) written: the one way this state changes, so
   * the live session (after each write) and a replay of its rollout reach the same state. A
   * rollback returns its cut; the other records return `undefined`.
   */
  apply(record: Extract<SessionRecord, { type: "rollback" }>): RollbackCut;
  apply(record: SessionRecord): RollbackCut | undefined;
  apply(record: SessionRecord): RollbackCut | undefined {
    switch (record.type) {
      case "turn":
        this.#beginTurn(record.payload.model, record.payload.baseInstructions);
        return undefined;
      case "response_item": {
        const fromModel = record.payload.origin.source === "model";
        // The model answers a request: the history before its first item is what was sent.
        if (fromModel && !this.#answering) this.#markRequest();
        this.#answering = fromModel;
        this.#append(record.payload);
        return undefined;
      }
      case "world_state":
        // A turn's context is recorded last, right before its request is sent.
        this.#commitSnapshots(record.payload.full, record.payload.state);
        this.#markRequest();
        this.#answering = false;
        return undefined;
      case "rollback":
        return this.#rollback(record.payload.userTurns);
      case "reported_usage":
        this.#reportUsage(record.payload.totalTokens);
        return undefined;
      case "cache_diagnostics":
      case "answer_ending":
        // Said for the reader of the rollout; the history is the same either way.
        return undefined;
      case "compaction":
        this.#installCompaction(checkpointOf(record.payload));
        // The history is replaced: the model's next items answer a request made from it, as a
        // replay that starts at this checkpoint takes them.
        this.#answering = false;
        return undefined;
    }
  }

  /** A request was sent with the history as it stands. */
  #markRequest(): void {
    this.#recordedRequest = {
      withImages: this.#history.prompt.view({ imageInput: true }),
      textOnly: this.#history.prompt.view({ imageInput: false }),
    };
  }

  /** A turn begins. */
  #beginTurn(model: string, baseInstructions: string | undefined): void {
    this.#turnCount += 1;
    this.#model = model;
    this.#baseInstructions ??= baseInstructions;
  }

  /**
   * Adds `entry` at the end; after a compaction that cleared the baseline, context entries go
   * before the last message of the user's it kept instead (see {@link contextPosition}), until
   * the first entry of another origin.
   */
  #append(entry: HistoryEntry): void {
    this.#justCompacted = false;
    if (this.#contextAt !== undefined && entry.origin.source === "context") {
      // The entry goes in front of what a report covered, so the report no longer holds.
      this.#usage = undefined;
      this.#history.insert(this.#contextAt, entry);
      this.#contextAt += 1;
      this.#floor += 1;
      return;
    }
    this.#contextAt = undefined;
    this.#history.push(entry);
  }

  /** The typed state the latest compaction kept, which the next one merges into its own. */
  get compactionState(): CompactionState | undefined {
    return this.#checkpoint?.compactionState;
  }

  /** Whether nothing happened since the latest compaction, so another would change nothing. */
  get justCompacted(): boolean {
    return this.#justCompacted;
  }

  /** The provider's latest usage report; `undefined` once the history it counted was replaced. */
  get usage(): UsageReport | undefined {
    return this.#usage;
  }

  /**
   * The provider reports `totalTokens` for the latest response: it covers the history up to the
   * last model-generated entry (everything, when there is none).
   */
  #reportUsage(totalTokens: number): void {
    const { entries } = this.#history;
    const last = entries.findLastIndex((entry) => entry.origin.source === "model");
    this.#usage = { totalTokens, covered: last === -1 ? entries.length : last + 1 };
  }

  /** A compaction replaces the history and the baseline with `checkpoint`. */
  #installCompaction(checkpoint: CompactionCheckpoint): void {
    this.#checkpoint = checkpoint;
    this.#usage = undefined;
    this.#history.replace(checkpoint.entries);
    this.#floor = checkpoint.entries.length;
    this.#snapshots = checkpoint.snapshots;
    this.#turnSnapshots = checkpoint.fullContext ? [] : [checkpoint.snapshots];
    this.#fullContext = checkpoint.fullContext;
    this.#contextAt = !checkpoint.fullContext
      ? undefined
      : checkpoint.contextPlacement === undefined
        ? 0
        : contextPosition(checkpoint.entries);
    this.#turnCount = checkpoint.turnCount;
    this.#model = checkpoint.model;
    this.#baseInstructions = checkpoint.baseInstructions;
    this.#justCompacted = true;
    if (checkpoint.lastRequest !== undefined) {
      const view = viewOfSentRequest(checkpoint.lastRequest);
      this.#recordedRequest = { withImages: view, textOnly: view };
    }
  }

  /** The turn's context is recorded: `state` (full, or a merge patch) becomes the baseline. */
  #commitSnapshots(full: boolean, state: JsonValue): void {
    const next = full ? state : applyMergePatch(this.#snapshots, state);
    this.#snapshots = isSnapshots(next) ? next : {};
    this.#turnSnapshots.push(this.#snapshots);
    this.#fullContext = false;
  }

  /** What the model was last shown of `section`; see {@link sectionReference}. */
  reference(section: KindSection, full: boolean): SectionReference<JsonValue> {
    return sectionReference(section, this.#snapshots[section.id], this.shows(section.id), full);
  }

  /** Whether some history entry still carries a fragment of section `id`. */
  shows(id: string): boolean {
    return this.#history.shows(id);
  }

  /**
   * Drops the last `userTurns` real user turns; see {@link findRollbackCut}. After a compaction
   * only turns begun since count: the compacted history stays, and dropping every later turn
   * returns the session to the state the compaction left.
   */
  #rollback(userTurns: number): RollbackCut {
    const floor = this.#floor;
    const found = findRollbackCut(this.#history.entries.slice(floor), userTurns, this.registry);
    const cut = { ...found, keep: found.keep + floor };
    if (cut.droppedTurns === 0) return cut;
    this.#usage = undefined;
    const checkpoint = this.#checkpoint;
    if (checkpoint !== undefined && cut.keep === floor) {
      const turnCount = this.#turnCount;
      const model = this.#model;
      this.#installCompaction(checkpoint);
      this.#turnCount = turnCount;
      this.#model = model;
      return cut;
    }
    this.#history.replace(this.#history.entries.slice(0, cut.keep));
    const surviving = this.#turnSnapshots.length - cut.droppedTurns;
    this.#turnSnapshots = this.#turnSnapshots.slice(0, Math.max(0, surviving));
    this.#snapshots =
      this.#turnSnapshots.at(-1) ?? survivingSnapshots(this.registry, this.#snapshots);
    this.#fullContext = this.#turnSnapshots.length === 0 || cut.clearsBaseline;
    return cut;
  }
}
