import type { ModelInfo } from "./model-info.js";
import type { Personality } from "./personality.js";
import { stripPersonalitySection } from "./strip-personality-section.js";

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

/**
 * The model as the user's configuration makes it. An explicit `baseInstructions` replaces the
 * model's and switches templating off (template and personality messages removed). Otherwise,
 * personality `none` strips the `# Personality` section, up to the next level-one heading, from
 * both the base instructions and the template. The model given is not changed.
 *
 * @example
 * ```ts
 * const model = defaultModelCatalog.get("ctx-coder");
 * applyModelOverrides(model, { baseInstructions: "Be terse." }).instructionsTemplate;
 * // => undefined
 * ```
 */
export function applyModelOverrides(model: ModelInfo, overrides: ModelOverrides): ModelInfo {
  if (overrides.baseInstructions !== undefined) {
    const { instructionsTemplate: _template, personalityMessages: _messages, ...rest } = model;
    return Object.freeze({ ...rest, baseInstructions: overrides.baseInstructions });
  }
  if (overrides.personality !== "none") return model;
  const { instructionsTemplate, ...rest } = model;
  return Object.freeze({
    ...rest,
    baseInstructions: stripPersonalitySection(model.baseInstructions),
    ...(instructionsTemplate === undefined
      ? {}
      : { instructionsTemplate: stripPersonalitySection(instructionsTemplate) }),
  });
}
