import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { getModelInstructions } from "./get-model-instructions.js";
import { type ModelInfo, modelInstructionsSchema } from "./model-info.js";
import { defaultPersonality, type Personality, personalitySchema } from "./personality.js";

/** The inputs of {@link resolveBaseInstructions}. */
export interface BaseInstructionsSources {
  /** Instructions the user configured explicitly; used as written. */
  readonly override?: string;
  /** The base instructions saved in the session being resumed or forked. */
  readonly fromHistory?: string;
  /** The session's model. */
  readonly model: Pick<
    ModelInfo,
    "baseInstructions" | "instructionsTemplate" | "personalityMessages"
  >;
  /** The configured personality; {@link defaultPersonality} (`pragmatic`) when absent. */
  readonly personality?: Personality;
}

// Strict, so that a misspelt source (`overide`) is an error rather than silently unused.
const sourcesSchema = lazySchema(() =>
  z.strictObject({
    override: z.string().optional(),
    fromHistory: z.string().optional(),
    model: modelInstructionsSchema,
    personality: personalitySchema.optional(),
  }),
);

/**
 * The base instructions of a session: the explicit `override` if there is one (even `""`),
 * else the instructions saved in the session being resumed, else the model's instructions for
 * the personality. A session chooses them once, at its start, and keeps them for every request,
 * even when the model changes later.
 *
 * @throws {PromptsError} naming `sources` when it is not an object, has an unknown field, a
 * field of the wrong type, no valid `model`, or an unknown personality.
 * @example
 * ```ts
 * const model = defaultModelCatalog.get("ctx-coder");
 * resolveBaseInstructions({ override: "Be terse.", fromHistory: "Older.", model }); // => "Be terse."
 * resolveBaseInstructions({ fromHistory: "Older.", model }); // => "Older."
 * ```
 */
export function resolveBaseInstructions(sources: BaseInstructionsSources): string {
  checkSchema("sources", sources, sourcesSchema);
  return (
    sources.override ??
    sources.fromHistory ??
    getModelInstructions(sources.model, sources.personality ?? defaultPersonality)
  );
}
