import type { JsonValue } from "@ctx/protocol";
import { sessionRecordTypes } from "@ctx/session";
import type { ItemCategory } from "./inspect-rollout.js";
import { isJsonObject as isObject, type JsonObject } from "./json-object.js";

/** Who a session is, as its rollout's first line says; every field only when recorded. */
export interface SessionFacts {
  readonly id?: string;
  readonly cwd?: string;
  /** The program that wrote the rollout, such as `codex_cli_rs` or `Codex Desktop`. */
  readonly originator?: string;
  /** The version of that program. */
  readonly version?: string;
  /** The session this one was forked from. */
  readonly forkedFrom?: string;
  /** For a sub-agent, its place among the agents (`/root/install_xapk`). */
  readonly agentPath?: string;
}

/** What a provider reported a model request used, in tokens. */
export interface ReportedUsage {
  readonly input: number;
  readonly cached: number;
  readonly output: number;
  readonly reasoning: number;
}

/** A text about to be measured: where it goes, and whether it is opaque (encrypted) bytes. */
export interface ItemPiece {
  readonly category: ItemCategory;
  readonly kind: string;
  readonly text: string;
  readonly opaque?: boolean;
  /**
   * For a model's text, the message it is part of, where the rollout names it: a request is
   * one message however its parts are spread over lines (Claude Code writes one per block).
   */
  readonly message?: string;
}

/** A rollout line, reduced to what `ctx inspect` reads from it. */
export type RolloutEntry =
  | { readonly type: "session"; readonly facts: SessionFacts }
  | { readonly type: "instructions"; readonly text: string }
  /** A turn begins, or goes on when `id` is the current turn's; without an id, nothing is known. */
  | { readonly type: "turn"; readonly id: string | undefined; readonly model?: string }
  /** A history item; `origin` where the rollout recorded who it came from (@ctx's store). */
  | { readonly type: "item"; readonly item: JsonObject; readonly origin?: JsonValue }
  /** A text whose author the rollout's structure already tells (Claude Code's blocks). */
  | { readonly type: "piece"; readonly piece: ItemPiece }
  /** A line that does not have the shape of its format's records, and why. */
  | { readonly type: "unfit"; readonly reason: string }
  /** Codex logged that the user typed `message`. */
  | { readonly type: "typed"; readonly message: string }
  | {
      readonly type: "compaction";
      readonly replacement: readonly JsonValue[];
      /** The origin of each replacement item, at the same index, where recorded. */
      readonly origins?: readonly JsonValue[];
      /** What the rollout says of the compaction, for the event, when it says more. */
      readonly detail?: string;
    }
  | { readonly type: "rollback"; readonly turns: number }
  /**
   * The provider's usage for the latest request. `copyOf` identifies the report (Codex's
   * running total, Claude Code's message id), so a report written again is counted once: the
   * later copy replaces the earlier (Claude Code's later copies count more output).
   */
  | { readonly type: "usage"; readonly usage: ReportedUsage; readonly copyOf?: string }
  | { readonly type: "aborted" };

/** Which program wrote a rollout: Codex itself, @ctx's JSONL store, or Claude Code. */
export type RolloutFormat = "codex" | "ctx" | "claude";

/** The name of the program behind each format, as the command's output shows it. */
export const rolloutFormatNames: Readonly<Record<RolloutFormat, string>> = {
  codex: "Codex",
  ctx: "@ctx",
  claude: "Claude Code",
};

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
  // Every record of a Claude Code transcript names its session, or the message it belongs to.
  const names = ["sessionId", "leafUuid", "messageId"].some(
    (key) => typeof first[key] === "string",
  );
  if (typeof first.type === "string" && names) return "claude";
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
      const facts = definedFields({
        id: stringAt(payload, "id"),
        cwd: stringAt(payload, "cwd"),
        originator: stringAt(payload, "originator"),
        version: stringAt(payload, "cli_version"),
        forkedFrom: stringAt(payload, "forked_from_id"),
        agentPath: stringAt(payload, "agent_path"),
      });
      return [
        { type: "session", facts },
        ...(text === undefined ? [] : [{ type: "instructions" as const, text }]),
      ];
    }
    case "turn_context": {
      // Codex before 0.144 wrote a turn_context without turn_id before every request.
      const model = stringAt(payload, "model");
      return [
        {
          type: "turn",
          id: stringAt(payload, "turn_id"),
          ...(model === undefined ? {} : { model }),
        },
      ];
    }
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
    case "user_message": {
      const message = stringAt(payload, "message");
      return message === undefined ? [] : [{ type: "typed", message }];
    }
    case "token_count": {
      const info = isObject(payload) ? payload.info : undefined;
      const last = isObject(info) ? info.last_token_usage : undefined;
      const input = numberAt(last, "input_tokens");
      if (input === undefined) return [];
      const total = isObject(info) ? info.total_token_usage : undefined;
      const usage = {
        input,
        cached: numberAt(last, "cached_input_tokens") ?? 0,
        output: numberAt(last, "output_tokens") ?? 0,
        reasoning: numberAt(last, "reasoning_output_tokens") ?? 0,
      };
      // Codex writes each report twice; the running total tells a copy from the next request's.
      return [
        { type: "usage", usage, ...(isObject(total) ? { copyOf: JSON.stringify(total) } : {}) },
      ];
    }
    default:
      return [];
  }
}

/**
 * The entries of one line of an @ctx JSONL rollout: the header (who the session is), `turn`
 * (with the base instructions on the first), `response_item` (the item alone, or with its
 * origin), `reported_usage`, `rollback`, and `compaction`, whose payload holds the replacement
 * history and its origins.
 */
export function ctxEntries(line: JsonValue): RolloutEntry[] {
  if (!isObject(line)) return [];
  if (line.rollout === 1) {
    const parent = line.parent;
    const facts = definedFields({
      id: stringAt(line, "id"),
      cwd: stringAt(line, "cwd"),
      forkedFrom: stringAt(parent, "sessionId"),
    });
    return [{ type: "session", facts }];
  }
  // Another writer's note is no session record: only the types the session writes are read.
  if (typeof line.type !== "string" || !sessionRecordTypes.has(line.type)) return [];
  const payload = line.payload;
  switch (line.type) {
    case "turn": {
      const instructions = stringAt(payload, "baseInstructions");
      const model = stringAt(payload, "model");
      return [
        ...(instructions === undefined
          ? []
          : [{ type: "instructions" as const, text: instructions }]),
        {
          type: "turn",
          id: String(numberAt(payload, "index") ?? ""),
          ...(model === undefined ? {} : { model }),
        },
      ];
    }
    case "response_item": {
      if (isObject(payload) && isObject(payload.item)) {
        const { item, origin } = payload;
        return [{ type: "item", item, ...(origin === undefined ? {} : { origin }) }];
      }
      return isObject(payload) ? [{ type: "item", item: payload }] : [];
    }
    case "reported_usage": {
      const input = numberAt(payload, "inputTokens");
      if (input === undefined) return [];
      const usage = {
        input,
        cached: numberAt(payload, "cachedInputTokens") ?? 0,
        output: numberAt(payload, "outputTokens") ?? 0,
        reasoning: numberAt(payload, "reasoningTokens") ?? 0,
      };
      return [{ type: "usage", usage }];
    }
    case "rollback":
      return [{ type: "rollback", turns: numberAt(payload, "userTurns") ?? 1 }];
    case "compaction": {
      const replacement = isObject(payload) ? payload.replacementHistory : undefined;
      const origins = isObject(payload) ? payload.origins : undefined;
      return [
        {
          type: "compaction",
          replacement: Array.isArray(replacement) ? replacement : [],
          ...(Array.isArray(origins) ? { origins } : {}),
        },
      ];
    }
    default:
      return [];
  }
}

/** `fields` without the ones that are `undefined`. */
function definedFields(fields: { [Key in keyof SessionFacts]?: string | undefined }): SessionFacts {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as SessionFacts;
}
