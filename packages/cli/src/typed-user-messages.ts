import { createHash } from "node:crypto";
import type { JsonValue } from "@ctx/protocol";
import { createTypedMessageMatcher } from "@ctx/session";
import type { ItemPiece } from "./formats/transcript-entry.js";
import { unmarkedContext } from "./item-pieces.js";
import { isJsonObject, type JsonObject } from "./json-object.js";

/** A user message of a Codex rollout, waiting to learn whether the user typed it. */
interface WaitingMessage {
  readonly line: number;
  readonly pieces: readonly ItemPiece[];
}

/** How many user messages wait for Codex's `user_message` record (it comes on the next line). */
const typedWindow = 64;

/**
 * The user messages of a Codex rollout, held until Codex's `user_message` records tell which the
 * user typed (`createTypedMessageMatcher` of `@ctx/session`, over digests so what waits stays
 * small): a typed one is the user's, whatever it holds; once the rollout has such records, one
 * not typed that no marker names is injected context (`unmarked_context`).
 */
export class TypedUserMessages {
  private readonly matcher = createTypedMessageMatcher<WaitingMessage>(typedWindow);
  /** Whether a message was held since the matcher last settled: if not, it has none to give. */
  private holding = false;

  /**
   * Whether `item` must wait: a user message with no recorded origin (an @ctx rollout records
   * every item's origin).
   */
  waits(item: JsonObject, origin: JsonValue | undefined): boolean {
    return origin === undefined && item.type === "message" && item.role === "user";
  }

  /** Holds the user message `item` of line `line`, as `pieces`. */
  hold(item: JsonObject, line: number, pieces: readonly ItemPiece[]): void {
    this.matcher.message(digest(messageText(item)), { line, pieces });
    this.holding = true;
  }

  /** Takes in Codex's record that the user typed `message`. */
  typed(message: string): void {
    this.matcher.typed(digest(message));
  }

  /** Gives each message that no longer waits to `add`, piece by piece, as the user's or injected. */
  settle(add: (piece: ItemPiece, line: number) => void): void {
    if (!this.holding) return;
    this.holding = false;
    const sawTyped = this.matcher.sawTyped;
    for (const { value, typed } of this.matcher.settle()) {
      for (const piece of value.pieces) {
        if (typed) add({ ...piece, category: "user", kind: "user_intent" }, value.line);
        else if (sawTyped && piece.kind === "user_intent") {
          add({ ...piece, category: "injected", kind: unmarkedContext }, value.line);
        } else add(piece, value.line);
      }
    }
  }
}

/** The longest text that stands for itself; a longer one waits as its digest. */
const shortText = 64;

/**
 * A stand-in for a text of at most about 64 characters: a short text itself (behind a colon,
 * which no base64 digest holds), a longer one its SHA-256 digest, which costs more to make.
 */
function digest(text: string): string {
  if (text.length <= shortText) return `:${text}`;
  return createHash("sha256").update(text).digest("base64");
}

/** The texts of a message, joined, as Codex's `user_message` record gives them. */
function messageText(item: JsonObject): string {
  const content = Array.isArray(item.content) ? item.content : [];
  return content
    .map((part) => (isJsonObject(part) && typeof part.text === "string" ? part.text : ""))
    .join("");
}
