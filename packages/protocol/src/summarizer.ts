import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";
import type { ModelInput } from "./model-input.js";

declare global {
  /**
   * Every runtime @ctx runs in has an `AbortSignal` (the DOM's, Node's, Deno's, a worker's). Left
   * empty here, this merges with the runtime's declaration, so the summarizer's type resolves in
   * a compilation that has neither the DOM's types nor Node's.
   */
  interface AbortSignal {}
}

/**
 * What a summarizer is asked: exactly what a model would get to write a compaction summary (a
 * `ModelInput`, so an adapter's request builder takes it as it is): the base instructions, the
 * history as it is sent (context included), and last the compaction prompt as a user message.
 */
export interface SummaryRequest extends ModelInput {
  /** The model the session was talking to (the previous one on a downshift). */
  readonly model: string;
}

/**
 * Writes a compaction summary: sends `request` to a model and returns the text of its answer.
 * It must stop when `options.signal` aborts. When the request does not fit the model's context
 * window, it throws a {@link ContextWindowError}: the session then drops the oldest item and
 * asks again. Any other failure (an error, an empty text) makes the session write a fallback
 * summary of its own and say so in a warning.
 */
export type Summarizer = (
  request: SummaryRequest,
  options: { readonly signal: AbortSignal },
) => Promise<string>;

/**
 * The schema of a summarizer's second argument, `{ signal }`, for an adapter's summarizer to
 * check before it sends anything: the signal is anything shaped like an `AbortSignal` (its
 * `aborted` flag and `addEventListener`), whichever runtime made it.
 */
export const summaryOptionsSchema = lazySchema(() =>
  z.object({
    signal: z.custom<AbortSignal>(
      (value) =>
        typeof value === "object" &&
        value !== null &&
        typeof Reflect.get(value, "aborted") === "boolean" &&
        typeof Reflect.get(value, "addEventListener") === "function",
      { message: "expected an AbortSignal" },
    ),
  }),
);
