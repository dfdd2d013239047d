import type { JsonValue } from "@ctx/protocol";

type JsonObject = { readonly [key: string]: JsonValue };

/** The token counts of one Codex `token_count` report, as Codex names them. */
export interface CodexTokenUsage {
  readonly inputTokens: number;
  readonly cachedInputTokens: number;
  readonly outputTokens: number;
  readonly reasoningOutputTokens: number;
}

/**
 * One line of a rollout Codex wrote, reduced to what it says. Every field is there only when the
 * line holds it with the right type.
 */
export type CodexRolloutLine =
  | {
      readonly type: "session_meta";
      readonly id?: string;
      readonly cwd?: string;
      /** The program that wrote the rollout, such as `codex_cli_rs`. */
      readonly originator?: string;
      readonly version?: string;
      readonly forkedFrom?: string;
      /** For a sub-agent, its place among the agents. */
      readonly agentPath?: string;
      readonly baseInstructions?: string;
    }
  /** A turn begins; Codex before 0.144 wrote no `turnId`. */
  | { readonly type: "turn_context"; readonly turnId?: string; readonly model?: string }
  /** A history item, as Codex wrote it (not checked against the item schemas). */
  | { readonly type: "response_item"; readonly item: JsonObject }
  | { readonly type: "compacted"; readonly replacementHistory: readonly JsonValue[] }
  /** Codex logged that the user typed `message`. */
  | { readonly type: "user_message"; readonly message: string }
  /** The provider's usage of the latest request, and Codex's running total (as JSON) if given. */
  | { readonly type: "token_count"; readonly usage: CodexTokenUsage; readonly total?: string }
  | { readonly type: "turn_aborted" }
  | { readonly type: "thread_rolled_back"; readonly turns: number }
  /** A Codex line that says nothing about what was sent (another `event_msg`, say). */
  | { readonly type: "other"; readonly recordType: string };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const stringAt = (value: unknown, key: string): string | undefined => {
  const found = isObject(value) ? value[key] : undefined;
  return typeof found === "string" ? found : undefined;
};

const numberAt = (value: unknown, key: string): number | undefined => {
  const found = isObject(value) ? value[key] : undefined;
  return typeof found === "number" && Number.isFinite(found) ? found : undefined;
};

/** `fields` without the members that are `undefined`. */
function defined<Fields extends object>(
  fields: { [Key in keyof Fields]: Fields[Key] | undefined },
): Fields {
  // A loop rather than entries filtered and rebuilt: Codex writes a turn context every turn.
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) kept[key] = value;
  return kept as Fields;
}

type LineOf<Type extends CodexRolloutLine["type"]> = Extract<CodexRolloutLine, { type: Type }>;

/**
 * What one line of a rollout Codex wrote says (`session_meta`, `turn_context`, `response_item`,
 * `compacted`, and the `event_msg` records of what the user typed — `user_message`, or in Codex
 * 0.171's paginated rollouts a completed `UserMessage` item — token usage, an interrupted turn
 * and a rollback): the one reading of Codex's line format, for `readCodexRollout` and for
 * any reader that streams a rollout. Any value may be given: one that is not a Codex line
 * (an object with a string `type` and a `payload`) gives `undefined`.
 *
 * @example
 * ```ts
 * parseCodexRolloutLine({ type: "event_msg", payload: { type: "user_message", message: "Hi" } });
 * // => { type: "user_message", message: "Hi" }
 * ```
 */
export function parseCodexRolloutLine(value: unknown): CodexRolloutLine | undefined {
  if (!isObject(value) || typeof value.type !== "string" || !("payload" in value)) return undefined;
  const payload = value.payload;
  switch (value.type) {
    case "session_meta": {
      const instructions = isObject(payload) ? payload.base_instructions : undefined;
      return defined<LineOf<"session_meta">>({
        type: "session_meta",
        id: stringAt(payload, "id"),
        cwd: stringAt(payload, "cwd"),
        originator: stringAt(payload, "originator"),
        version: stringAt(payload, "cli_version"),
        forkedFrom: stringAt(payload, "forked_from_id"),
        agentPath: stringAt(payload, "agent_path"),
        baseInstructions: stringAt(instructions, "text"),
      });
    }
    case "turn_context":
      return defined<LineOf<"turn_context">>({
        type: "turn_context",
        turnId: stringAt(payload, "turn_id"),
        model: stringAt(payload, "model"),
      });
    case "response_item":
      return isObject(payload)
        ? { type: "response_item", item: payload }
        : { type: "other", recordType: value.type };
    case "compacted": {
      const history = isObject(payload) ? payload.replacement_history : undefined;
      return { type: "compacted", replacementHistory: Array.isArray(history) ? history : [] };
    }
    case "event_msg":
      return codexEvent(payload) ?? { type: "other", recordType: value.type };
    default:
      return { type: "other", recordType: value.type };
  }
}

function codexEvent(payload: JsonValue): CodexRolloutLine | undefined {
  switch (stringAt(payload, "type")) {
    case "user_message": {
      const message = stringAt(payload, "message");
      return message === undefined ? undefined : { type: "user_message", message };
    }
    case "item_completed": {
      // Codex 0.171's paginated rollouts log what the user typed as a completed `UserMessage`.
      const item = isObject(payload) ? payload.item : undefined;
      const content = isObject(item) && item.type === "UserMessage" ? item.content : undefined;
      if (!Array.isArray(content)) return undefined;
      const texts = content.flatMap((part) => {
        const text = stringAt(part, "text");
        return stringAt(part, "type") === "text" && text !== undefined ? [text] : [];
      });
      return { type: "user_message", message: texts.join("") };
    }
    case "turn_aborted":
      return { type: "turn_aborted" };
    case "thread_rolled_back":
      return { type: "thread_rolled_back", turns: numberAt(payload, "num_turns") ?? 1 };
    case "token_count": {
      const info = isObject(payload) ? payload.info : undefined;
      const last = isObject(info) ? info.last_token_usage : undefined;
      const inputTokens = numberAt(last, "input_tokens");
      if (inputTokens === undefined) return undefined;
      const total = isObject(info) ? info.total_token_usage : undefined;
      return {
        type: "token_count",
        usage: {
          inputTokens,
          cachedInputTokens: numberAt(last, "cached_input_tokens") ?? 0,
          outputTokens: numberAt(last, "output_tokens") ?? 0,
          reasoningOutputTokens: numberAt(last, "reasoning_output_tokens") ?? 0,
        },
        ...(isObject(total) ? { total: JSON.stringify(total) } : {}),
      };
    }
    default:
      return undefined;
  }
}
