import { createHash } from "node:crypto";
import type { JsonValue } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import { approximateTokenizer, createTypedMessageMatcher, type Tokenizer } from "@ctx/session";
import { type CtxWarning, utf8ByteLength } from "@ctx/text";
import { HistoryTotals, type Measure } from "./history-totals.js";
import type {
  InspectedEvent,
  InspectedItem,
  InspectedRequest,
  ItemCategory,
} from "./inspect-rollout.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
import type { KindTotal } from "./kind-total.js";
import type {
  ItemPiece as Piece,
  ReportedUsage,
  RolloutEntry,
  SessionFacts,
} from "./rollout-entry.js";

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

/** A user message of a Codex rollout, waiting to learn whether the user typed it. */
interface WaitingMessage {
  readonly line: number;
  readonly pieces: readonly Piece[];
}

const kindPattern = /^[a-z][a-z0-9_]{0,63}$/;
/** How many kinds are told apart; items of further unknown types count as `unknown`. */
const kindLimit = 256;
const modelTypes = new Set(["reasoning", "agent_message"]);
/** How many user messages wait for Codex's `user_message` record (it comes on the next line). */
const typedWindow = 64;
/** How many distinct models the header names. */
const modelLimit = 16;
/** The kind of a user message nothing marks and the user did not type. */
const unmarkedContext = "unmarked_context";

/** How many lines that do not fit their format are named one by one; the rest are counted. */
const namedUnfit = 10;

/** `first` plus `second` times `sign`, figure by figure. */
const sumUsage = (first: ReportedUsage, second: ReportedUsage, sign = 1): ReportedUsage => ({
  input: first.input + sign * second.input,
  cached: first.cached + sign * second.cached,
  output: first.output + sign * second.output,
  reasoning: first.reasoning + sign * second.reasoning,
});

/**
 * What `ctx inspect` has learnt from the rollout so far, one entry at a time: totals by kind,
 * the history the next request sends (as sums), the requests and events up to their limits,
 * the session's facts and the provider's reported usage.
 */
export class InspectionState {
  turn = 0;
  requestCount = 0;
  eventCount = 0;
  facts: SessionFacts | undefined;
  readonly models: string[] = [];
  readonly totals = new Map<string, KindTotal>();
  readonly requests: (InspectedRequest & { reported?: ReportedUsage })[] = [];
  readonly events: InspectedEvent[] = [];
  readonly warnings: CtxWarning[] = [];
  /** The provider's usage over every request, and how many reports it is the sum of. */
  reported: (ReportedUsage & { reports: number }) | undefined;
  /** The texts counted at bytes / 4 because the tokenizer's budget was spent. */
  readonly estimated = { items: 0, bytes: 0 };
  /** The line of the first text counted at bytes / 4: later requests hold estimates. */
  estimatedSince: number | undefined;
  /** The tokens of every request, kept or not. */
  requestTokens = 0;
  private tokenized = 0;
  private instructions: (Measure & { line: number }) | undefined;
  /** The history the next request sends, as sums. */
  private readonly history: HistoryTotals;
  /** The category of each kind, as first seen. */
  private readonly categories = new Map<string, ItemCategory>();
  /** The items of the line being read, while someone takes them. */
  private fresh: InspectedItem[] = [];
  private readonly typed = createTypedMessageMatcher<WaitingMessage>(typedWindow);
  private lastWasModel = false;
  private pendingBreak: string | undefined;
  private lastBreak = false;
  private lastInput: number | undefined;
  private lastReport: string | undefined;
  /** The latest report, and whether it went to the latest kept request, for a copy to replace. */
  private lastUsage: { usage: ReportedUsage; kept: boolean } | undefined;
  /** The message the latest request is, where the rollout names messages. */
  private lastMessage: string | undefined;
  /** How many lines did not fit their format. */
  unfit = 0;
  /** The request the latest usage report belonged to. */
  private reportedRequest = 0;
  /** Whether the rollout marks its turns; otherwise each message the user typed opens one. */
  private explicitTurns = false;
  private turnId: string | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly options: StateOptions,
  ) {
    this.history = new HistoryTotals(options.rollbackWindow);
  }

  /** The items read since the last call, in order. */
  takeItems(): InspectedItem[] {
    const items = this.fresh;
    this.fresh = [];
    return items;
  }

  /** Takes in one entry of the rollout's line `line`. */
  apply(entry: RolloutEntry, line: number): void {
    if (entry.type === "typed") {
      this.typed.typed(digest(entry.message));
      this.settle();
      return;
    }
    if (entry.type === "item" && this.waitsForTyped(entry.item, entry.origin)) {
      const key = digest(messageText(entry.item));
      this.typed.message(key, { line, pieces: this.pieces(entry.item, undefined) });
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
        this.instructions ??= { line, ...this.measure(entry.text, false) };
        return;
      case "turn":
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
        this.history.clear();
        entry.replacement.forEach((value, index) => {
          if (!isJsonObject(value)) return;
          for (const piece of this.pieces(value, entry.origins?.[index])) {
            this.remember(piece.kind, piece.category, this.measure(piece.text, piece.opaque));
          }
        });
        this.event(
          line,
          "compaction",
          entry.detail ?? `history replaced by ${entry.replacement.length} item(s)`,
        );
        this.pendingBreak = "after a compaction";
        return;
      case "rollback": {
        const dropped = this.history.rollBack(entry.turns);
        if (dropped.beyondWindow) {
          this.warnings.push({
            code: "rollback-beyond-window",
            message: `the rollback at line ${line} reached past the newest ${this.options.rollbackWindow} turns, so the requests after it are counted as if fewer turns were dropped`,
          });
        }
        this.event(line, "rollback", `${entry.turns} turn(s) dropped (${dropped.items} item(s))`);
        this.pendingBreak = "after a rollback";
        return;
      }
      case "piece":
        this.add(entry.piece, line);
        return;
      case "unfit":
        this.unfit += 1;
        if (this.unfit <= namedUnfit) {
          this.warnings.push({
            code: "line-does-not-fit",
            message: `line ${line} was skipped: ${entry.reason}`,
          });
        }
        return;
      case "aborted":
        this.event(line, "aborted", "the turn was interrupted");
        return;
      case "usage":
        this.usage(entry.usage, entry.copyOf, line);
        return;
    }
  }

  /** Settles what still waits, once the rollout is read. */
  finish(): void {
    this.settle();
    if (this.unfit > namedUnfit) {
      this.warnings.push({
        code: "lines-do-not-fit",
        message: `${this.unfit - namedUnfit} more line(s) that do not fit the format were skipped`,
      });
    }
  }

  /** The base instructions' size, when the rollout recorded them. */
  get instructionsSize(): Measure | undefined {
    return this.instructions;
  }

  private usage(usage: ReportedUsage, copyOf: string | undefined, line: number): void {
    if (usage.input === 0) return;
    // A report written again (Codex's twice, Claude Code's once per block of a message) carries
    // the same key; the later copy replaces the earlier, since Claude Code's counts more output.
    if (copyOf !== undefined && copyOf === this.lastReport) {
      const last = this.lastUsage;
      if (last === undefined || this.reported === undefined) return;
      this.reported = {
        ...sumUsage(sumUsage(this.reported, last.usage, -1), usage),
        reports: this.reported.reports,
      };
      const request = this.requests.at(-1);
      if (last.kept && request?.reported !== undefined) {
        request.reported = sumUsage(sumUsage(request.reported, last.usage, -1), usage);
      }
      this.lastUsage = { usage, kept: last.kept };
      return;
    }
    this.lastReport = copyOf;
    // A report before the first request is for a request the rollout does not hold (a fork's
    // parent's, copied with its history).
    if (this.requestCount === 0) return;
    this.reported =
      this.reported === undefined
        ? { ...usage, reports: 1 }
        : { ...sumUsage(this.reported, usage), reports: this.reported.reports + 1 };
    const request = this.requests.at(-1);
    const kept = request !== undefined && request.index === this.requestCount;
    if (kept) {
      request.reported = request.reported === undefined ? usage : sumUsage(request.reported, usage);
    }
    this.lastUsage = { usage, kept };
    // Only a report for a new request is compared with the one before: never a request with itself.
    const fresh = this.requestCount > this.reportedRequest;
    this.reportedRequest = this.requestCount;
    if (!fresh) return;
    if (
      this.lastInput !== undefined &&
      usage.cached < this.lastInput / 2 &&
      this.requestCount > 1 &&
      !this.lastBreak
    ) {
      this.event(
        line,
        "cache-break",
        `the provider reported ${usage.cached} cached of ${usage.input} input tokens, after ${this.lastInput} input tokens the request before`,
      );
    }
    this.lastInput = usage.input;
  }

  /**
   * Whether `item` is a user message whose author only Codex's `user_message` records can tell:
   * a message of a Codex rollout (an @ctx rollout records every item's origin).
   */
  private waitsForTyped(item: JsonObject, origin: JsonValue | undefined): boolean {
    return origin === undefined && item.type === "message" && item.role === "user";
  }

  /** Counts the user messages that waited, as the user's or as injected context. */
  private settle(): void {
    const sawTyped = this.typed.sawTyped;
    for (const { value, typed } of this.typed.settle()) {
      for (const piece of value.pieces) {
        if (typed) this.add({ ...piece, category: "user", kind: "user_intent" }, value.line);
        else if (sawTyped && piece.kind === "user_intent") {
          this.add({ ...piece, category: "injected", kind: unmarkedContext }, value.line);
        } else this.add(piece, value.line);
      }
    }
  }

  /** The size of `text`; its tokens estimated at bytes / 4 once the tokenizer's budget is spent. */
  private measure(text: string, opaque: boolean | undefined): Measure & { estimated: boolean } {
    const bytes = utf8ByteLength(text);
    if (opaque === true) return { bytes, tokens: 0, estimated: false };
    if (this.tokenized + bytes <= this.options.tokenizeLimit) {
      this.tokenized += bytes;
      return { bytes, tokens: this.options.tokenizer.count(text), estimated: false };
    }
    this.estimated.items += 1;
    this.estimated.bytes += bytes;
    return { bytes, tokens: approximateTokenizer.count(text), estimated: true };
  }

  private add(piece: Piece, line: number): void {
    const opensTurn = !this.explicitTurns && piece.kind === "user_intent";
    if (opensTurn) this.turn += 1;
    const { estimated, ...measure } = this.measure(piece.text, piece.opaque);
    if (estimated) this.estimatedSince ??= line;
    const model = piece.category === "model";
    // A request is one message where the rollout names them (Claude Code's blocks of one
    // message may have tool results between them), else the model's texts in a row.
    const opens =
      piece.message === undefined ? !this.lastWasModel : piece.message !== this.lastMessage;
    if (model && opens) this.request(line);
    if (model) this.lastMessage = piece.message;
    this.lastWasModel = model;
    const total = this.totals.get(piece.kind);
    this.totals.set(piece.kind, {
      kind: piece.kind,
      category: total?.category ?? piece.category,
      items: (total?.items ?? 0) + 1,
      bytes: (total?.bytes ?? 0) + measure.bytes,
      tokens: (total?.tokens ?? 0) + measure.tokens,
      opaque: piece.opaque === true,
      estimated: (total?.estimated ?? false) || estimated,
      largest: Math.max(total?.largest ?? 0, measure.bytes),
    });
    if (this.options.keepItems) {
      this.fresh.push({
        line,
        turn: this.turn,
        category: piece.category,
        kind: piece.kind,
        ...measure,
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
    this.requestCount += 1;
    const cacheBreak = this.pendingBreak;
    this.lastBreak = cacheBreak !== undefined;
    this.pendingBreak = undefined;
    this.requestTokens += (this.instructions?.tokens ?? 0) + this.history.tokens();
    if (this.requests.length < this.options.requestLimit) {
      const bytesByKind: Record<string, number> = {};
      const tokensByKind: Record<string, number> = {};
      const categoryOf: Record<string, ItemCategory> = {};
      const sizes: [string, Measure][] = [
        ...(this.instructions === undefined
          ? []
          : [["base_instructions", this.instructions] as [string, Measure]]),
        ...this.history.byKind(),
      ];
      for (const [kind, measure] of sizes) {
        bytesByKind[kind] = (bytesByKind[kind] ?? 0) + measure.bytes;
        tokensByKind[kind] = (tokensByKind[kind] ?? 0) + measure.tokens;
        categoryOf[kind] =
          kind === "base_instructions" ? "injected" : (this.categories.get(kind) ?? "other");
      }
      this.requests.push({
        index: this.requestCount,
        line,
        turn: this.turn,
        ...(this.estimatedSince === undefined ? {} : { estimated: true as const }),
        tokens: Object.values(tokensByKind).reduce((sum, tokens) => sum + tokens, 0),
        bytesByKind,
        tokensByKind,
        categoryOf,
        ...(cacheBreak === undefined ? {} : { cacheBreak }),
      });
    }
    if (cacheBreak !== undefined) this.event(line, "cache-break", cacheBreak);
  }

  private event(line: number, type: InspectedEvent["type"], detail: string): void {
    this.eventCount += 1;
    if (this.events.length < this.options.eventLimit) {
      this.events.push({ line, turn: this.turn, type, detail });
    }
  }

  /**
   * The texts of `item`, each with its category and kind. A message's texts are classified by
   * `origin` where the rollout recorded it, else by their markers; any other item is its JSON,
   * with encrypted content apart as opaque bytes.
   */
  private pieces(item: JsonObject, origin: JsonValue | undefined): Piece[] {
    const type = typeof item.type === "string" ? item.type : "unknown";
    if (type === "message" && Array.isArray(item.content)) {
      const source = isJsonObject(origin) ? origin.source : undefined;
      const kinds = isJsonObject(origin) && Array.isArray(origin.kinds) ? origin.kinds : [];
      const role = item.role;
      return item.content.map((part, index): Piece => {
        const text = isJsonObject(part) && typeof part.text === "string" ? part.text : "";
        const piece = (category: ItemCategory, kind: string): Piece => ({
          category,
          kind,
          text: text === "" ? JSON.stringify(part) : text,
        });
        if (role === "assistant") return piece("model", "assistant_message");
        if (role !== "user" && role !== "developer") return piece("injected", "system_message");
        if (source === "user") return piece("user", "user_intent");
        const recorded = kinds[index];
        if (source === "context" && typeof recorded === "string" && kindPattern.test(recorded)) {
          return piece("injected", recorded);
        }
        const kind = this.registry.classify(role, text)?.type;
        if (kind !== undefined) return piece("injected", kind);
        if (source === "context") return piece("injected", unmarkedContext);
        return role === "user"
          ? piece("user", "user_intent")
          : piece("injected", "developer_message");
      });
    }
    const known = this.categories.has(type) || this.categories.size < kindLimit;
    const kind = known && kindPattern.test(type) ? type : "unknown";
    const { text, opaque } = splitOpaque(item);
    const category = this.categoryOfType(item, type);
    return [
      { category, kind, text },
      ...(opaque === ""
        ? []
        : [{ category, kind: `encrypted_${kind}`, text: opaque, opaque: true }]),
    ];
  }

  private categoryOfType(item: JsonObject, type: string): ItemCategory {
    if (type.endsWith("_output")) return "tool";
    // A message another agent sent this one is input, not this model's output.
    if (type === "agent_message" && this.facts?.agentPath !== undefined) {
      if (typeof item.author === "string" && item.author !== this.facts.agentPath) return "other";
    }
    if (type.endsWith("_call") || modelTypes.has(type)) return "model";
    return "other";
  }
}

/** A fixed-size stand-in for a text, so the messages waiting for Codex's records stay small. */
function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}

/** The texts of a message, joined, as Codex's `user_message` record gives them. */
function messageText(item: JsonObject): string {
  const content = Array.isArray(item.content) ? item.content : [];
  return content
    .map((part) => (isJsonObject(part) && typeof part.text === "string" ? part.text : ""))
    .join("");
}

/**
 * `item` as JSON with the strings of its `encrypted_content` fields (its own, and its content
 * parts') emptied, and those strings, joined: bytes only the provider can read.
 */
function splitOpaque(item: JsonObject): { text: string; opaque: string } {
  const opaque: string[] = [];
  const clear = (value: JsonObject): JsonObject => {
    const encrypted = value.encrypted_content;
    if (typeof encrypted !== "string" || encrypted === "") return value;
    opaque.push(encrypted);
    return { ...value, encrypted_content: "" };
  };
  const cleared = clear(item);
  const content = cleared.content;
  const text = JSON.stringify(
    Array.isArray(content)
      ? {
          ...cleared,
          content: content.map((part) => (isJsonObject(part) ? clear(part) : part)),
        }
      : cleared,
  );
  return { text, opaque: opaque.join("") };
}
