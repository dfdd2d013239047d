import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

/**
 * How a model's answer ended, whatever the provider calls it: `completed` when the model
 * finished (its text said, or its tool calls made); `cut` when the provider stopped it at a
 * length (the answer's token limit, the context window); `refused` when the model or the
 * provider's filter declined to answer; `failed` when the provider reported an error after the
 * answer began; `aborted` when the answer was cancelled before it finished.
 */
export type AnswerEnding = "completed" | "cut" | "refused" | "failed" | "aborted";

/** The schema of an {@link AnswerEnding}. */
export const answerEndingSchema = lazySchema(() =>
  z.enum(["completed", "cut", "refused", "failed", "aborted"]),
);
