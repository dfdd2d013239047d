import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createStandardRegistry, type Registry } from "@ctx/registry";
import type { JsonValue } from "@ctx/session";
import type { CtxWarning } from "@ctx/text";
import { CliError } from "./cli-error.js";
import { byteLength } from "./estimate-tokens.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
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

/** What `ctx inspect` found in a rollout. */
export interface RolloutInspection {
  readonly path: string;
  readonly format: RolloutFormat;
  readonly lines: number;
  readonly turns: number;
  readonly items: readonly InspectedItem[];
  readonly requests: readonly InspectedRequest[];
  readonly events: readonly InspectedEvent[];
  readonly warnings: readonly CtxWarning[];
}

const kindPattern = /^[a-z][a-z0-9_]{0,63}$/;
const modelTypes = new Set(["reasoning", "agent_message"]);

/**
 * Reads the rollout at `path` line by line and classifies every item the model was sent or
 * produced; a request starts wherever the model speaks after anything else. Turns are the
 * rollout's own (Codex's turn ids, @ctx's turn records), or, where Codex wrote none, one per
 * message the user typed. Holds one line at a
 * time, and per item only its kind and size.
 *
 * @throws {CliError} `failure` when the file cannot be read or is not a rollout of either format.
 */
export async function inspectRollout(
  path: string,
  progress: (message: string) => void = () => {},
): Promise<RolloutInspection> {
  const registry = createStandardRegistry();
  const state = new InspectionState(registry);
  const warnings: CtxWarning[] = [];
  let format: RolloutFormat | undefined;
  let lineNumber = 0;
  let unreadable = 0;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
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
    }
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError("failure", `cannot read ${path}: ${reason}`, { cause: error });
  }
  if (format === undefined) throw new CliError("failure", `${path} is empty`);
  if (unreadable > 0) {
    warnings.push({
      code: "unreadable-lines",
      message: `${unreadable} line(s) are not JSON and were skipped`,
    });
  }
  return {
    path,
    format,
    lines: lineNumber,
    turns: state.turn,
    items: state.items,
    requests: state.requests,
    events: state.events,
    warnings,
  };
}

class InspectionState {
  turn = 0;
  readonly items: InspectedItem[] = [];
  readonly requests: InspectedRequest[] = [];
  readonly events: InspectedEvent[] = [];
  private instructions: InspectedItem | undefined;
  /** The history the next request sends. */
  private history: InspectedItem[] = [];
  private lastWasModel = false;
  private pendingBreak: string | undefined;
  private lastInput: number | undefined;
  /** Whether the rollout marks its turns; otherwise each message the user typed opens one. */
  private explicitTurns = false;
  private turnId: string | undefined;

  constructor(private readonly registry: Registry) {}

  apply(entry: RolloutEntry, line: number): void {
    switch (entry.type) {
      case "instructions":
        this.instructions = {
          line,
          turn: this.turn,
          category: "injected",
          kind: "base_instructions",
          bytes: byteLength(entry.text),
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
        this.history = entry.replacement.flatMap((value) =>
          isJsonObject(value) ? this.classify(value, line) : [],
        );
        this.event(line, "compaction", `history replaced by ${entry.replacement.length} item(s)`);
        this.pendingBreak = "after a compaction";
        return;
      case "rollback": {
        const dropped = this.rollBack(entry.turns);
        this.event(line, "rollback", `${entry.turns} turn(s) dropped (${dropped} item(s))`);
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
          this.requests.length > 1 &&
          this.requests.at(-1)?.cacheBreak === undefined
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
    this.items.push(item);
    this.history.push(item);
  }

  private request(line: number): void {
    const bytesByKind: Record<string, number> = {};
    const categoryOf: Record<string, ItemCategory> = {};
    for (const item of this.instructions === undefined
      ? this.history
      : [this.instructions, ...this.history]) {
      bytesByKind[item.kind] = (bytesByKind[item.kind] ?? 0) + item.bytes;
      categoryOf[item.kind] = item.category;
    }
    const cacheBreak = this.pendingBreak;
    this.requests.push({
      index: this.requests.length + 1,
      line,
      turn: this.turn,
      bytesByKind,
      categoryOf,
      ...(cacheBreak === undefined ? {} : { cacheBreak }),
    });
    if (cacheBreak !== undefined) this.event(line, "cache-break", cacheBreak);
    this.pendingBreak = undefined;
  }

  private event(line: number, type: InspectedEvent["type"], detail: string): void {
    this.events.push({ line, turn: this.turn, type, detail });
  }

  /** Drops the last `turns` user turns from the history; returns how many items went. */
  private rollBack(turns: number): number {
    let seen = 0;
    for (let index = this.history.length - 1; index >= 0; index -= 1) {
      if (this.history[index]?.kind === "user_intent") seen += 1;
      if (seen === turns) {
        const dropped = this.history.length - index;
        this.history = this.history.slice(0, index);
        return dropped;
      }
    }
    return 0;
  }

  private classify(item: JsonObject, line: number): InspectedItem[] {
    const type = typeof item.type === "string" ? item.type : "unknown";
    const base = { line, turn: this.turn };
    if (type === "message" && Array.isArray(item.content)) {
      const role = item.role;
      return item.content.map((part): InspectedItem => {
        const text = isJsonObject(part) && typeof part.text === "string" ? part.text : "";
        const bytes = byteLength(text === "" ? JSON.stringify(part) : text);
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
    const kind = kindPattern.test(type) ? type : "unknown";
    const bytes = byteLength(JSON.stringify(item));
    if (type.endsWith("_output")) return [{ ...base, category: "tool", kind, bytes }];
    if (type.endsWith("_call") || modelTypes.has(type)) {
      return [{ ...base, category: "model", kind, bytes }];
    }
    return [{ ...base, category: "other", kind, bytes }];
  }
}
