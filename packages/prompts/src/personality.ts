import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";

/**
 * How the model is asked to sound. `friendly` and `pragmatic` pick the model's personality
 * message; `none` asks for no personality at all: the message is empty and a `# Personality`
 * section in the instructions is removed.
 */
export type Personality = "friendly" | "pragmatic" | "none";

/** The schema of a {@link Personality}. */
export const personalitySchema = lazySchema(() =>
  z.enum(["friendly", "pragmatic", "none"]),
) satisfies z.ZodType<Personality>;

/**
 * The personality in effect when none is configured: `pragmatic`, as in the reference design.
 * {@link resolveBaseInstructions} uses it when given no personality; {@link getModelInstructions}
 * keeps "no personality given" distinct and picks the model's `default` message then.
 */
export const defaultPersonality: Personality = "pragmatic";

const optionalPersonalitySchema = lazySchema(() => personalitySchema.optional());

/**
 * Checks that `value`, the argument `argument` of an exported function, is a
 * {@link Personality} or absent.
 *
 * @throws {PromptsError} naming `argument` otherwise, such as for `"grumpy"` or `"Friendly"`.
 */
export function checkPersonality(
  argument: string,
  value: unknown,
): asserts value is Personality | undefined {
  checkSchema(argument, value, optionalPersonalitySchema);
}
