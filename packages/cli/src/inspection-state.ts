import type { JsonValue } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import type { Tokenizer } from "@ctx/session";
import type { CtxWarning } from "@ctx/text";
import type {
  ItemCategory,
  ItemPiece,
  RolloutEntry,
  SessionFacts,
} from "./formats/transcript-entry.js";
import { HistoryTotals, type Measure } from "./history-totals.js";
import { describeAnswerEnding, describeRewind, InspectedEvents } from "./inspected-events.js";
import { InspectedRequests } from "./inspected-requests.js";
import { itemPieces } from "./item-pieces.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
import { addToKindTotal, type KindTotal } from "./kind-total.js";
import type { InspectedEvent, InspectedItem } from "./rollout-inspection.js";
import { SubAgentTally } from "./sub-agent-tally.js";
import { TextMeasure } from "./text-measure.js";
import { TypedUserMessages } from "./typed-user-messages.js";
import { UnreadLines } from "./unread-lines.js";

/** The limits an {@link InspectionState} keeps to, and how it counts tokens. */
export interface StateOptions {
  readonly requestLimit: number;
  readonly eventLimit: number;
  readonly rollbackWindow: number;
  /** Whether to keep each line's items until {@link InspectionState.takeItems}. */
  readonly keepItems: boolean;
  readonly tokenizer: Tokenizer;
  /** How many bytes of text `tokenizer` counts; the rest is estimated at bytes / 4. */
  readonly tokenizeLimit: number;
}

/** How many kinds are told apart; items of further unknown types count as `unknown`. */
const kindLimit = 256;
/** How many distinct models the header names. */
const modelLimit = 16;

/**
 * What `ctx inspect` has learnt from a transcript so far, one entry at a time: totals by kind,
 * the history the next request sends (as sums), the requests and events up to their limits,
 * the session's facts, the provider's reported usage, and the sub-agents' threads apart.
 */
export class InspectionState {
  turn = 0;
  facts: SessionFacts | undefined;
  readonly models: string[] = [];
  /** The model of the latest turn, whose prices a cache break is counted at. */
  private model: string | undefined;
  readonly totals = new Map<string, KindTotal>();
  readonly requests: InspectedRequests;
  readonly events: InspectedEvents;
  readonly warnings: CtxWarning[] = [];
  readonly subAgents = new SubAgentTally();
  readonly measure: TextMeasure;
  /** The line of the first text counted at bytes / 4: later requests hold estimates. */
  estimatedSince: number | undefined;
  /** The lines that did not fit their format. */
  readonly unread: UnreadLines;
  private instructions: (Measure & { line: number }) | undefined;
  /** The history the next request sends, as sums. */
  private readonly history: HistoryTotals;
  /** The category of each kind, as first seen. */
  private readonly categories = new Map<string, ItemCategory>();
  /** The items of the line being read, while someone takes them. */
  private fresh: InspectedItem[] = [];
  private readonly typed = new TypedUserMessages();
  private lastWasModel = false;
  /** The message the latest request is, where the transcript names messages. */
  private lastMessage: string | undefined;
  /** Whether the transcript marks its turns; otherwise each message the user typed opens one. */
  private explicitTurns = false;
  private turnId: string | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly options: StateOptions,
  ) {
    this.history = new HistoryTotals(options.rollbackWindow);
    this.measure = new TextMeasure(options.tokenizer, options.tokenizeLimit);
    this.events = new InspectedEvents(options.eventLimit);
    this.unread = new UnreadLines(this.warnings);
    this.requests = new InspectedRequests(options.requestLimit, (line, type, detail) =>
      this.event(line, type, detail),
    );
  }

  /** The items read since the last call, in order. */
  takeItems(): InspectedItem[] {
    const items = this.fresh;
    this.fresh = [];
    return items;
  }

  /** Takes in one entry of the transcript's line `line`. */
  apply(entry: RolloutEntry, line: number): void {
    if (entry.type === "typed") {
      this.typed.typed(entry.message);
      this.settle();
      return;
    }
    if (entry.type === "item" && this.typed.waits(entry.item, entry.origin)) {
      this.typed.hold(entry.item, line, this.pieces(entry.item, undefined));
      return;
    }
    this.settle();
    switch (entry.type) {
      case "session":
        if (this.facts !== undefined) return;
        this.facts = entry.facts;
        if (entry.facts.forkedFrom !== undefined) {
          this.event(
            line,
            "fork",
            `a fork of session ${entry.facts.forkedFrom}: it starts with that session's history`,
          );
        }
        return;
      case "instructions":
        this.instructions ??= { line, ...this.measure.measure({ text: entry.text }) };
        return;
      case "turn":
        // Providers cache each model apart: the first request at another model reads nothing.
        if (entry.model !== undefined && this.model !== undefined && entry.model !== this.model) {
          this.requests.breakBefore(`after a model switch (${this.model} to ${entry.model})`, true);
        }
        this.model = entry.model ?? this.model;
        if (entry.model !== undefined && !this.models.includes(entry.model)) {
          if (this.models.length < modelLimit) this.models.push(entry.model);
        }
        if (entry.id === undefined) return;
        this.explicitTurns = true;
        if (entry.id !== this.turnId) this.turn += 1;
        this.turnId = entry.id;
        return;
      case "item":
        for (const piece of this.pieces(entry.item, entry.origin)) this.add(piece, line);
        return;
      case "compaction":
        if (entry.keepTurns === undefined) this.history.clear();
        else if (this.history.keepNewest(entry.keepTurns).beyondWindow) {
          this.warnings.push({
            code: "compaction-beyond-window",
            message: `the compaction at line ${line} kept turns older than the newest ${this.options.rollbackWindow}, which are counted whole`,
          });
        }
        entry.replacement.forEach((value, index) => {
          if (!isJsonObject(value)) return;
          for (const piece of this.pieces(value, entry.origins?.[index])) {
            const measure = this.measure.measure(piece);
            this.remember(piece.kind, piece.category, measure);
          }
        });
        this.event(
          line,
          "compaction",
          entry.detail ?? `history replaced by ${entry.replacement.length} item(s)`,
        );
        this.requests.breakBefore("after a compaction");
        return;
      case "rollback":
        this.rollBack(entry.turns, entry.branch, line);
        return;
      case "rewind":
        this.event(line, "rewind", describeRewind(entry.parentLine, entry.records));
        return;
      case "warning":
        this.warnings.push({ code: entry.code, message: entry.message });
        return;
      case "piece":
        this.add(entry.piece, line);
        return;
      case "unfit":
        this.unread.add(line, entry.reason);
        return;
      case "aborted":
        this.event(line, "aborted", "the turn was interrupted");
        return;
      case "ending":
        this.event(line, "answer-ending", describeAnswerEnding(entry.ending));
        return;
      case "cache-report":
        this.requests.cacheReport(entry.report, line);
        return;
      case "usage":
        if (entry.thread !== undefined) {
          this.subAgents.usage(entry.thread, line, entry.usage, entry.copyOf);
          return;
        }
        this.requests.report(entry.usage, entry.copyOf, line);
        return;
    }
  }

  /** Settles what still waits, once the transcript is read. */
  finish(): void {
    this.settle();
    this.unread.finish();
    if (this.subAgents.leftOut > 0) {
      this.warnings.push({
        code: "sub-agents-left-out",
        message: `${this.subAgents.leftOut} text(s) of sub-agents past the first 256 were not summed`,
      });
    }
    this.warnings.push(...this.requests.reconciliation.warnings());
  }

  /** The base instructions' size, when the transcript recorded them. */
  get instructionsSize(): Measure | undefined {
    return this.instructions;
  }

  private rollBack(turns: number, branch: string | undefined, line: number): void {
    const dropped = this.history.rollBack(turns);
    if (dropped.beyondWindow) {
      this.warnings.push({
        code: "rollback-beyond-window",
        message: `the ${branch === undefined ? "rollback" : "branch"} at line ${line} reached past the newest ${this.options.rollbackWindow} turns, so the requests after it are counted as if fewer turns were dropped`,
      });
    }
    const said = `${turns} turn(s) dropped (${dropped.items} item(s))`;
    if (branch === undefined) this.event(line, "rollback", said);
    else this.event(line, "branch", `${branch}: ${said}`);
    this.requests.breakBefore(
      branch === undefined ? "after a rollback" : "after a move to another branch",
    );
  }

  /** Counts the user messages that waited, as the user's or as injected context. */
  private settle(): void {
    this.typed.settle((piece, line) => this.add(piece, line));
  }

  private pieces(item: JsonObject, origin: JsonValue | undefined): ItemPiece[] {
    return itemPieces(item, origin, {
      registry: this.registry,
      agentPath: this.facts?.agentPath,
      knows: (type) => this.categories.has(type) || this.categories.size < kindLimit,
    });
  }

  private add(piece: ItemPiece, line: number): void {
    const measure = this.measure.measure(piece);
    const estimated = measure.estimated;
    const model = piece.category === "model";
    if (piece.thread !== undefined) {
      this.subAgents.add(piece.thread, line, measure, model, piece.message);
      return;
    }
    const opensTurn = !this.explicitTurns && piece.kind === "user_intent";
    if (opensTurn) this.turn += 1;
    if (estimated) this.estimatedSince ??= line;
    // A request is one message where the transcript names them (Claude Code's blocks of one
    // message may have tool results between them), else the model's texts in a row.
    const opens =
      piece.message === undefined ? !this.lastWasModel : piece.message !== this.lastMessage;
    if (model && opens) this.request(line);
    if (model) this.lastMessage = piece.message;
    this.lastWasModel = model;
    addToKindTotal(this.totals, piece, measure, estimated);
    if (this.options.keepItems) {
      this.fresh.push({
        line,
        turn: this.turn,
        category: piece.category,
        kind: piece.kind,
        bytes: measure.bytes,
        tokens: measure.tokens,
        ...(piece.opaque === true ? { opaque: true as const } : {}),
        ...(estimated ? { estimated: true as const } : {}),
      });
    }
    this.remember(piece.kind, piece.category, measure);
  }

  /** Puts an item in the history the next request sends. */
  private remember(kind: string, category: ItemCategory, measure: Measure): void {
    if (!this.categories.has(kind)) this.categories.set(kind, category);
    this.history.add(kind, measure, kind === "user_intent");
  }

  private request(line: number): void {
    this.requests.open({
      line,
      turn: this.turn,
      model: this.model,
      instructions: this.instructions,
      byKind: this.history.byKind(),
      tokens: this.history.tokens(),
      categories: this.categories,
      estimated: this.estimatedSince !== undefined,
    });
  }

  private event(line: number, type: InspectedEvent["type"], detail: string): void {
    this.events.add({ line, turn: this.turn, type, detail });
  }
}
