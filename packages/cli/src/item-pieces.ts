import type { JsonValue } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import type { ItemCategory, ItemPiece } from "./formats/transcript-entry.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
import { type KeptJson, measureKeptJson } from "./kept-json.js";

const kindPattern = /^[a-z][a-z0-9_]{0,63}$/;
const modelTypes = new Set(["reasoning", "agent_message"]);
/** The kind of a user message nothing marks and the user did not type. */
export const unmarkedContext = "unmarked_context";

/** What classifying an item needs beyond the item. */
export interface PieceContext {
  readonly registry: Registry;
  /** For a sub-agent's rollout, its place among the agents: its own messages are the model's. */
  readonly agentPath: string | undefined;
  /** Whether an item type may be a kind of its own (a bounded number are told apart). */
  readonly knows: (type: string) => boolean;
}

/**
 * The texts of a history `item` of the Responses API's shape, each with its category and kind.
 * A message's texts are classified by `origin` where the transcript recorded it (@ctx's store),
 * else by their markers; any other item is kept as JSON, with encrypted content apart as opaque
 * bytes, and the strings of it the model reads as the piece's `words`.
 */
export function itemPieces(
  item: JsonObject,
  origin: JsonValue | undefined,
  context: PieceContext,
): ItemPiece[] {
  const type = typeof item.type === "string" ? item.type : "unknown";
  if (type === "message" && Array.isArray(item.content)) {
    const source = isJsonObject(origin) ? origin.source : undefined;
    const kinds = isJsonObject(origin) && Array.isArray(origin.kinds) ? origin.kinds : [];
    const role = item.role;
    return item.content.map((part, index): ItemPiece => {
      const text = isJsonObject(part) && typeof part.text === "string" ? part.text : "";
      const piece = (category: ItemCategory, kind: string): ItemPiece => ({
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
      const kind = context.registry.classify(role, text)?.type;
      if (kind !== undefined) return piece("injected", kind);
      if (source === "context") return piece("injected", unmarkedContext);
      return role === "user"
        ? piece("user", "user_intent")
        : piece("injected", "developer_message");
    });
  }
  const kind = context.knows(type) && kindPattern.test(type) ? type : "unknown";
  const { kept, opaque } = splitOpaque(item);
  const category = categoryOfType(item, type, context.agentPath);
  return [
    { category, kind, kept },
    ...(opaque === "" ? [] : [{ category, kind: `encrypted_${kind}`, text: opaque, opaque: true }]),
  ];
}

function categoryOfType(
  item: JsonObject,
  type: string,
  agentPath: string | undefined,
): ItemCategory {
  if (type.endsWith("_output")) return "tool";
  // A message another agent sent this one is input, not this model's output.
  if (type === "agent_message" && agentPath !== undefined) {
    if (typeof item.author === "string" && item.author !== agentPath) return "other";
  }
  if (type.endsWith("_call") || modelTypes.has(type)) return "model";
  return "other";
}

/** The fields that name or pair an item for the harness: not words the model reads. */
const notWords = new Set(["type", "id", "call_id", "status", "encrypted_content"]);

/**
 * `item` kept as JSON with the strings of its `encrypted_content` fields (its own, and its
 * content parts') emptied, measured with its words, and those strings joined (bytes only the
 * provider can read).
 */
function splitOpaque(item: JsonObject): { kept: KeptJson; opaque: string } {
  const opaque: string[] = [];
  const clear = (value: JsonObject): JsonObject => {
    const encrypted = value.encrypted_content;
    if (typeof encrypted !== "string" || encrypted === "") return value;
    opaque.push(encrypted);
    return { ...value, encrypted_content: "" };
  };
  const cleared = clear(item);
  const content = cleared.content;
  const shown = Array.isArray(content)
    ? { ...cleared, content: content.map((part) => (isJsonObject(part) ? clear(part) : part)) }
    : cleared;
  return { kept: measureKeptJson(shown, notWords), opaque: opaque.join("") };
}
