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
  }

  /** Takes in Codex's record that the user typed `message`. */
  typed(message: string): void {
    this.matcher.typed(digest(message));
  }

  /** Gives each message that no longer waits to `add`, piece by piece, as the user's or injected. */
  settle(add: (piece: ItemPiece, line: number) => void): void {
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

/** A fixed-size stand-in for a text. */
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
