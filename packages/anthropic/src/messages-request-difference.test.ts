import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { messagesRequestDifference } from "./messages-request-difference.js";
import { toMessagesParams } from "./to-messages-params.js";

const user = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
const assistant = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

/** The body the client sends, kept as the adapter's README says. */
function body(input: readonly ResponseItem[], instructions = "Be brief.") {
  const params = toMessagesParams({ instructions, input }, { cacheControl: false });
  return {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    ...params,
    messages: [...params.messages],
  };
}

describe("messagesRequestDifference", () => {
  it("names the message where a rewritten history parts from the previous request, at its byte", () => {
    const previous = body([user("Fix the test."), assistant("Done."), user("Thanks.")]);
    const next = body([user("Fix the test."), assistant("Done!"), user("Thanks.")]);
    const difference = messagesRequestDifference(previous, next);
    const offset = JSON.stringify(next).indexOf("Done!") + "Done".length;
    expect(difference).toMatchObject({
      offset,
      part: "message 1 (assistant)",
      previous: '."',
      next: '!"',
    });
  });

  it("names the system prompt when the instructions change, and nothing for a twin body", () => {
    const input = [user("Fix the test.")];
    expect(messagesRequestDifference(body(input), body(input, "Be thorough."))?.part).toBe(
      "system block 0 (text)",
    );
    expect(messagesRequestDifference(body(input), body(input))).toBeUndefined();
  });

  it("refuses a body that is not an object", () => {
    expect(() => messagesRequestDifference(body([user("a")]), "body" as unknown as object)).toThrow(
      /next/,
    );
  });
});
