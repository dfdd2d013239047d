import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { JsonValue } from "@ctx/protocol";
import { createStandardRegistry, type Registry } from "@ctx/registry";
import { type CtxWarning, utf8ByteLength } from "@ctx/text";
import { CliError } from "./cli-error.js";
import { HistoryTotals } from "./history-totals.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
import { type KindTotal, orderKindTotals } from "./kind-total.js";
import {
  codexEntries,
  ctxEntries,
  detectRolloutFormat,
  type RolloutEntry,
  type RolloutFormat,
} from "./rollout-entry.js";

/** Who wrote an item: the user, the agent (an injected fragment), the model, or a tool. */
export type ItemCategory = "user" | "injected" | "model" | "tool" | "other";

/** One item of the history (one text of a message), classified. */
export interface InspectedItem {
  /** The rollout line it was read from, from 1. */
  readonly line: number;
  /** The turn it belongs to, from 1; 0 before the first turn. */
  readonly turn: number;
  readonly category: ItemCategory;
  /** The fragment kind, `user_intent`, or the item type such as `function_call`. */
  readonly kind: string;
  readonly bytes: number;
}

/** Something that changed what later requests send. */
export interface InspectedEvent {
  readonly line: number;
  readonly turn: number;
  readonly type: "compaction" | "rollback" | "aborted" | "cache-break";
  readonly detail: string;
}

/** One model request: the history it sent, summed by kind. */
export interface InspectedRequest {
  readonly index: number;
  readonly line: number;
  readonly turn: number;
  /** Bytes sent, by kind, in the order the kinds first appear. */
  readonly bytesByKind: Readonly<Record<string, number>>;
  readonly categoryOf: Readonly<Record<string, ItemCategory>>;
  /** Why the prompt cache could not reuse the previous request's prefix, if it could not. */
  readonly cacheBreak?: string;
}

/** What `ctx inspect` found in a rollout: totals, and the requests and events up to the limits. */
export interface RolloutInspection {
  readonly path: string;
  readonly format: RolloutFormat;
  readonly lines: number;
  readonly turns: number;
  /** How many items the rollout holds. */
  readonly items: number;
  /** Every kind's item count and bytes, by category, then by size. */
  readonly totals: readonly KindTotal[];
  /** How many model requests were made. */
  readonly requestCount: number;
  /** The first requests, up to the request limit. */
  readonly requests: readonly InspectedRequest[];
  /** How many events happened. */
  readonly eventCount: number;
  /** The first events, up to the event limit. */
  readonly events: readonly InspectedEvent[];
  readonly warnings: readonly CtxWarning[];
}

/** Options of {@link inspectRollout}. */
export interface InspectOptions {
  /** Called now and then with how far the reading got. */
  readonly progress?: (message: string) => void;
  /** Called with every item, in order, once it is classified; the reading waits for it. */
  readonly onItem?: (item: InspectedItem) => void | Promise<void>;
  /** How many requests to keep, for the timeline; the rest are counted. */
  readonly requestLimit?: number;
  /** How many events to keep; the rest are counted. */
  readonly eventLimit?: number;
  /** How many of the newest user turns a rollback can take off the history. */
  readonly rollbackWindow?: number;
}

const kindPattern = /^[a-z][a-z0-9_]{0,63}$/;
/** How many kinds are told apart; items of further unknown types count as `unknown`. */
const kindLimit = 256;
const modelTypes = new Set(["reasoning", "agent_message"]);

/**
 * Reads the rollout at `path` as a stream and classifies every item the model was sent or
 * produced; a request starts wherever the model speaks after anything else. Turns are the
 * rollout's own (Codex's turn ids, @ctx's turn records), or, where Codex wrote none, one per
 * message the user typed. Memory stays bounded for any rollout: it holds one line at a time,
 * sums by kind, the first requests and events up to their limits, and the history as sums per
 * user turn; items go to `onItem` rather than into the result.
 *
 * @throws {CliError} `failure` when the file cannot be read or is not a rollout of either format.
 */
export async function inspectRollout(
  path: string,
  options: InspectOptions = {},
): Promise<RolloutInspection> {
  const {
    progress = () => {},
    onItem,
    requestLimit = 2000,
    eventLimit = 10_000,
    rollbackWindow = 10_000,
  } = options;
  for (const [name, limit] of Object.entries({ requestLimit, eventLimit, rollbackWindow })) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new CliError("failure", `${name} must be a positive integer, not ${limit}`);
    }
  }
  const state = new InspectionState(createStandardRegistry(), {
    requestLimit,
    eventLimit,
    rollbackWindow,
    keepItems: onItem !== undefined,
  });
  let format: RolloutFormat | undefined;
  let lineNumber = 0;
  let unreadable = 0;
  const input = createReadStream(path);
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const text of lines) {
      lineNumber += 1;
      if (lineNumber % 1000 === 0) progress(`read ${lineNumber} lines`);
      if (text.trim() === "") continue;
      let value: JsonValue;
      try {
        value = JSON.parse(text) as JsonValue;
      } catch {
        unreadable += 1;
        continue;
      }
      format ??= detectRolloutFormat(value);
      if (format === undefined) {
        throw new CliError(
          "failure",
          `${path} is not a Codex or @ctx rollout (line ${lineNumber})`,
        );
      }
      const entries = format === "codex" ? codexEntries(value) : ctxEntries(value);
      for (const entry of entries) state.apply(entry, lineNumber);
      if (onItem !== undefined) {
        for (const item of state.takeItems()) await onItem(item);
      }
    }
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError("failure", `cannot read ${path}: ${reason}`, { cause: error });
  } finally {
    lines.close();
    input.destroy();
  }
  if (format === undefined) throw new CliError("failure", `${path} is empty`);
  const warnings: CtxWarning[] = [...state.warnings];
  if (unreadable > 0) {
    warnings.push({
      code: "unreadable-lines",
      message: `${unreadable} line(s) are not JSON and were skipped`,
    });
  }
  if (state.eventCount > state.events.length) {
    warnings.push({
      code: "events-left-out",
      message: `only the first ${state.events.length} of ${state.eventCount} events are listed`,
    });
  }
  const totals = orderKindTotals(state.totals.values());
  return {
    path,
    format,
    lines: lineNumber,
    turns: state.turn,
    items: totals.reduce((sum, total) => sum + total.items, 0),
    totals,
    requestCount: state.requestCount,
    requests: state.requests,
    eventCount: state.eventCount,
    events: state.events,
    warnings,
  };
}

interface StateLimits {
  readonly requestLimit: number;
  readonly eventLimit: number;
  readonly rollbackWindow: number;
  /** Whether to keep each line's items until {@link InspectionState.takeItems}. */
  readonly keepItems: boolean;
}

class InspectionState {
  turn = 0;
  requestCount = 0;
  eventCount = 0;
  readonly totals = new Map<string, KindTotal>();
  readonly requests: InspectedRequest[] = [];
  readonly events: InspectedEvent[] = [];
  readonly warnings: CtxWarning[] = [];
  private instructions: InspectedItem | undefined;
  /** The history the next request sends, as sums. */
  private readonly history: HistoryTotals;
  /** The category of each kind, as first seen. */
  private readonly categories = new Map<string, ItemCategory>();
  /** The items of the line being read, while someone takes them. */
  private fresh: InspectedItem[] = [];
  private lastWasModel = false;
  private pendingBreak: string | undefined;
  private lastBreak = false;
  private lastInput: number | undefined;
  /** Whether the rollout marks its turns; otherwise each message the user typed opens one. */
  private explicitTurns = false;
  private turnId: string | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly limits: StateLimits,
  ) {
    this.history = new HistoryTotals(limits.rollbackWindow);
  }

  /** The items read since the last call, in order. */
  takeItems(): InspectedItem[] {
    const items = this.fresh;
    this.fresh = [];
    return items;
  }

  apply(entry: RolloutEntry, line: number): void {
    switch (entry.type) {
      case "instructions":
        this.instructions = {
          line,
          turn: this.turn,
          category: "injected",
          kind: "base_instructions",
          bytes: utf8ByteLength(entry.text),
        };
        return;
      case "turn":
        if (entry.id === undefined) return;
        this.explicitTurns = true;
        if (entry.id !== this.turnId) this.turn += 1;
        this.turnId = entry.id;
        return;
      case "item":
        for (const item of this.classify(entry.item, line)) this.add(item);
        return;
      case "compaction":
        this.history.clear();
        for (const value of entry.replacement) {
          if (!isJsonObject(value)) continue;
          for (const item of this.classify(value, line)) this.remember(item);
        }
        this.event(line, "compaction", `history replaced by ${entry.replacement.length} item(s)`);
        this.pendingBreak = "after a compaction";
        return;
      case "rollback": {
        const dropped = this.history.rollBack(entry.turns);
        if (dropped.beyondWindow) {
          this.warnings.push({
            code: "rollback-beyond-window",
            message: `the rollback at line ${line} reached past the newest ${this.limits.rollbackWindow} turns, so the requests after it are counted as if fewer turns were dropped`,
          });
        }
        this.event(line, "rollback", `${entry.turns} turn(s) dropped (${dropped.items} item(s))`);
        this.pendingBreak = "after a rollback";
        return;
      }
      case "aborted":
        this.event(line, "aborted", "the turn was interrupted");
        return;
      case "usage":
        if (entry.input === 0) return;
        if (
          this.lastInput !== undefined &&
          entry.cached < this.lastInput / 2 &&
          this.requestCount > 1 &&
          !this.lastBreak
        ) {
          this.event(
            line,
            "cache-break",
            `the provider reported ${entry.cached} cached of ${entry.input} input tokens, after ${this.lastInput} input tokens the request before`,
          );
        }
        this.lastInput = entry.input;
        return;
    }
  }

  private add(classified: InspectedItem): void {
    const opensTurn = !this.explicitTurns && classified.kind === "user_intent";
    if (opensTurn) this.turn += 1;
    const item = opensTurn ? { ...classified, turn: this.turn } : classified;
    const model = item.category === "model";
    if (model && !this.lastWasModel) this.request(item.line);
    this.lastWasModel = model;
    const total = this.totals.get(item.kind);
    this.totals.set(item.kind, {
      kind: item.kind,
      category: total?.category ?? item.category,
      items: (total?.items ?? 0) + 1,
      bytes: (total?.bytes ?? 0) + item.bytes,
      largest: Math.max(total?.largest ?? 0, item.bytes),
    });
    if (this.limits.keepItems) this.fresh.push(item);
    this.remember(item);
  }

  /** Puts `item` in the history the next request sends. */
  private remember(item: InspectedItem): void {
    if (!this.categories.has(item.kind)) this.categories.set(item.kind, item.category);
    this.history.add(item.kind, item.bytes, item.kind === "user_intent");
  }

  private request(line: number): void {
    this.requestCount += 1;
    const cacheBreak = this.pendingBreak;
    this.lastBreak = cacheBreak !== undefined;
    this.pendingBreak = undefined;
    if (this.requests.length < this.limits.requestLimit) {
      const bytesByKind: Record<string, number> = {};
      const categoryOf: Record<string, ItemCategory> = {};
      if (this.instructions !== undefined) {
        bytesByKind.base_instructions = this.instructions.bytes;
        categoryOf.base_instructions = "injected";
      }
      for (const [kind, bytes] of this.history.byKind()) {
        bytesByKind[kind] = (bytesByKind[kind] ?? 0) + bytes;
        categoryOf[kind] = this.categories.get(kind) ?? "other";
      }
      this.requests.push({
        index: this.requestCount,
        line,
        turn: this.turn,
        bytesByKind,
        categoryOf,
        ...(cacheBreak === undefined ? {} : { cacheBreak }),
      });
    }
    if (cacheBreak !== undefined) this.event(line, "cache-break", cacheBreak);
  }

  private event(line: number, type: InspectedEvent["type"], detail: string): void {
    this.eventCount += 1;
    if (this.events.length < this.limits.eventLimit) {
      this.events.push({ line, turn: this.turn, type, detail });
    }
  }

  private classify(item: JsonObject, line: number): InspectedItem[] {
    const type = typeof item.type === "string" ? item.type : "unknown";
    const base = { line, turn: this.turn };
    if (type === "message" && Array.isArray(item.content)) {
      const role = item.role;
      return item.content.map((part): InspectedItem => {
        const text = isJsonObject(part) && typeof part.text === "string" ? part.text : "";
        const bytes = utf8ByteLength(text === "" ? JSON.stringify(part) : text);
        if (role === "assistant")
          return { ...base, category: "model", kind: "assistant_message", bytes };
        if (role !== "user" && role !== "developer") {
          return { ...base, category: "injected", kind: "system_message", bytes };
        }
        const kind = this.registry.classify(role, text)?.type;
        if (kind !== undefined) return { ...base, category: "injected", kind, bytes };
        return role === "user"
          ? { ...base, category: "user", kind: "user_intent", bytes }
          : { ...base, category: "injected", kind: "developer_message", bytes };
      });
    }
    const known = this.categories.has(type) || this.categories.size < kindLimit;
    const kind = known && kindPattern.test(type) ? type : "unknown";
    const bytes = utf8ByteLength(JSON.stringify(item));
    if (type.endsWith("_output")) return [{ ...base, category: "tool", kind, bytes }];
    if (type.endsWith("_call") || modelTypes.has(type)) {
      return [{ ...base, category: "model", kind, bytes }];
    }
    return [{ ...base, category: "other", kind, bytes }];
  }
}
