import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

/** The wording Anthropic gives a prompt that does not fit, in an `invalid_request_error`. */
const tooLong = /^(prompt is too long|input length and `max_tokens` exceed context limit)\b/i;

const exceededSchema = lazySchema(() =>
  z.union([
    z.looseObject({ code: z.literal("context_length_exceeded") }),
    z.looseObject({ error: z.looseObject({ code: z.literal("context_length_exceeded") }) }),
    z.looseObject({
      error: z.looseObject({
        type: z.literal("invalid_request_error"),
        message: z.string().regex(tooLong),
      }),
    }),
  ]),
);

/**
 * Whether a provider's error (or its body) says the request does not fit the model's context
 * window: OpenAI's `context_length_exceeded` code (on the error or inside its `error`), or
 * Anthropic's `invalid_request_error` whose message says the prompt is too long (or that the
 * input and `max_tokens` exceed the context limit). A summarizer turns such an error into a
 * `ContextWindowError`, so the session leaves the oldest item out and asks again.
 * @example
 * ```ts
 * saysContextWindowExceeded({ error: { code: "context_length_exceeded" } }); // => true
 * saysContextWindowExceeded(new Error("rate limited")); // => false
 * ```
 */
export function saysContextWindowExceeded(error: unknown): boolean {
  return exceededSchema.safeParse(error).success;
}
