import { type ContentItem, contentItemSchema, type MessageItem } from "@ctx/protocol";
import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol/internal";
import { describeWrongArgument } from "@ctx/text";
import { z } from "zod";
import { SessionError } from "../session-error.js";

/** What the user sends: text, or content items (text and images). */
export type UserInput = string | readonly ContentItem[];

/**
 * The user's message for `input`.
 * @throws {SessionError} when the content items are empty or do not fit their schema.
 */
export function parseUserInput(input: UserInput): MessageItem {
  if (typeof input === "string") return userTextMessage(input);
  const parsed = z.array(contentItemSchema).min(1).safeParse(input);
  if (!parsed.success) {
    const issues = toSchemaIssues(parsed.error);
    throw new SessionError(
      "invalid-argument",
      describeWrongArgument("user input", describeSchemaIssues(issues)),
      {
        issues,
      },
    );
  }
  return { type: "message", role: "user", content: parsed.data };
}

/** A user message holding `text` as its one text part. */
export function userTextMessage(text: string): MessageItem {
  return { type: "message", role: "user", content: [{ type: "input_text", text }] };
}
