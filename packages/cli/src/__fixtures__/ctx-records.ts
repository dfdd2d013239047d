import type { JsonValue } from "@ctx/protocol";

/** A `response_item` record of an @ctx rollout: one message of `role` with `text`, and its origin. */
export const messageRecord = (role: "user" | "assistant", text: string, origin: JsonValue) => ({
  type: "response_item",
  payload: {
    item: {
      type: "message",
      role,
      content: [{ type: role === "user" ? "input_text" : "output_text", text }],
    },
    origin,
  },
});

/** A message the user typed. */
export const userRecord = (text: string) => messageRecord("user", text, { source: "user" });

/** The model's answer "Done.". */
export const answerRecord = messageRecord("assistant", "Done.", { source: "model" });
