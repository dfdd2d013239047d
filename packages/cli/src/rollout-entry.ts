import type { JsonValue } from "@ctx/protocol";
import { isJsonObject as isObject, type JsonObject } from "./json-object.js";

/** A rollout line, reduced to what `ctx inspect` reads from it. */
export type RolloutEntry =
  | { readonly type: "instructions"; readonly text: string }
  /** A turn begins, or goes on when `id` is the current turn's; without an id, nothing is known. */
  | { readonly type: "turn"; readonly id: string | undefined }
  | { readonly type: "item"; readonly item: JsonObject }
  | { readonly type: "compaction"; readonly replacement: readonly JsonValue[] }
  | { readonly type: "rollback"; readonly turns: number }
  | { readonly type: "usage"; readonly input: number; readonly cached: number }
  | { readonly type: "aborted" };

/** Which program wrote a rollout: Codex itself, or @ctx's JSONL store. */
export type RolloutFormat = "codex" | "ctx";

function numberAt(value: JsonValue | undefined, key: string): number | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  return typeof found === "number" && Number.isFinite(found) ? found : undefined;
}

function stringAt(value: JsonValue | undefined, key: string): string | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  return typeof found === "string" ? found : undefined;
}

/** Which format a rollout's first line belongs to; `undefined` when it is neither. */
export function detectRolloutFormat(first: JsonValue): RolloutFormat | undefined {
  if (!isObject(first)) return undefined;
  if (first.rollout === 1 && typeof first.id === "string") return "ctx";
  if (typeof first.type === "string" && "payload" in first) return "codex";
  return undefined;
}

/**
 * The entries of one line of a Codex rollout: `session_meta` (base instructions),
 * `turn_context` (a turn, by its id), `response_item`, `compacted` (the replacement history),
 * and the `event_msg` lines that tell of a rollback, an interrupted turn or a request's token
 * usage. Lines of other types say nothing about what was sent, and give no entry.
 */
export function codexEntries(line: JsonValue): RolloutEntry[] {
  if (!isObject(line)) return [];
  const payload = line.payload;
  switch (line.type) {
    case "session_meta": {
      const instructions = isObject(payload) ? payload.base_instructions : undefined;
      const text = stringAt(instructions, "text");
      return text === undefined ? [] : [{ type: "instructions", text }];
    }
    case "turn_context":
      // Codex before 0.144 wrote a turn_context without turn_id before every request.
      return [{ type: "turn", id: stringAt(payload, "turn_id") }];
    case "response_item":
      return isObject(payload) ? [{ type: "item", item: payload }] : [];
    case "compacted": {
      const replacement = isObject(payload) ? payload.replacement_history : undefined;
      return [{ type: "compaction", replacement: Array.isArray(replacement) ? replacement : [] }];
    }
    case "event_msg":
      return codexEvent(payload);
    default:
      return [];
  }
}

function codexEvent(payload: JsonValue | undefined): RolloutEntry[] {
  switch (stringAt(payload, "type")) {
    case "thread_rolled_back":
      return [{ type: "rollback", turns: numberAt(payload, "num_turns") ?? 1 }];
    case "turn_aborted":
      return [{ type: "aborted" }];
    case "token_count": {
      const info = isObject(payload) ? payload.info : undefined;
      const last = isObject(info) ? info.last_token_usage : undefined;
      const input = numberAt(last, "input_tokens");
      if (input === undefined) return [];
      return [{ type: "usage", input, cached: numberAt(last, "cached_input_tokens") ?? 0 }];
    }
    default:
      return [];
  }
}

/**
 * The entries of one record line of an @ctx JSONL rollout (the header line gives none): `turn`
 * (with the base instructions on the first), `response_item` (the item alone, or with its
 * origin), `rollback`, and `compaction`, whose payload holds the replacement history.
 */
export function ctxEntries(line: JsonValue): RolloutEntry[] {
  if (!isObject(line) || line.rollout === 1) return [];
  const payload = line.payload;
  switch (line.type) {
    case "turn": {
      const instructions = stringAt(payload, "baseInstructions");
      return [
        ...(instructions === undefined
          ? []
          : [{ type: "instructions" as const, text: instructions }]),
        { type: "turn", id: String(numberAt(payload, "index") ?? "") },
      ];
    }
    case "response_item": {
      const item = isObject(payload) && isObject(payload.item) ? payload.item : payload;
      return isObject(item) ? [{ type: "item", item }] : [];
    }
    case "rollback":
      return [{ type: "rollback", turns: numberAt(payload, "userTurns") ?? 1 }];
    case "compaction": {
      const replacement = isObject(payload)
        ? (payload.replacementHistory ?? payload.items)
        : undefined;
      return [{ type: "compaction", replacement: Array.isArray(replacement) ? replacement : [] }];
    }
    default:
      return [];
  }
}
