import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { type ModelInfo, modelInfoSchema } from "./model-info.js";
import { type Personality, personalitySchema } from "./personality.js";
import { withoutPersonalitySection } from "./strip-personality-section.js";

/** What a user's configuration can change about a catalog model's instructions. */
export interface ModelOverrides {
  /**
   * Instructions that replace the model's own. They are used as written: the template and the
   * personality messages are dropped, so no personality is added to them.
   */
  readonly baseInstructions?: string;
  /** The configured personality; `none` removes the `# Personality` sections. */
  readonly personality?: Personality;
}

// Strict, so that a misspelt key (`basInstructions`) is an error rather than ignored.
const modelOverridesSchema = lazySchema(() =>
  z.strictObject({
    baseInstructions: z.string().optional(),
    personality: personalitySchema.optional(),
  }),
);

/**
 * The model as the user's configuration makes it. An explicit `baseInstructions` replaces the
 * model's and switches templating off (template and personality messages removed). Otherwise,
 * personality `none` strips the `# Personality` section, up to the next level-one heading, from
 * both the base instructions and the template. The model given is not changed.
 *
 * @throws {PromptsError} when `model` is not a valid {@link ModelInfo}, or `overrides` is not an
 * object, has a field other than `baseInstructions` and `personality` (a misspelt key is named),
 * or has one of the wrong type or an unknown personality.
 * @example
 * ```ts
 * const model = defaultModelCatalog.get("ctx-coder");
 * applyModelOverrides(model, { baseInstructions: "Be terse." }).instructionsTemplate;
 * // => undefined
 * ```
 */
export function applyModelOverrides(model: ModelInfo, overrides: ModelOverrides): ModelInfo {
  checkSchema("model", model, modelInfoSchema);
  const { baseInstructions, personality } = checkSchema(
    "overrides",
    overrides,
    modelOverridesSchema,
  );
  if (baseInstructions !== undefined) {
    const { instructionsTemplate: _template, personalityMessages: _messages, ...rest } = model;
    return Object.freeze({ ...rest, baseInstructions });
  }
  if (personality !== "none") return model;
  const { instructionsTemplate, ...rest } = model;
  return Object.freeze({
    ...rest,
    baseInstructions: withoutPersonalitySection(model.baseInstructions),
    ...(instructionsTemplate === undefined
      ? {}
      : { instructionsTemplate: withoutPersonalitySection(instructionsTemplate) }),
  });
}
