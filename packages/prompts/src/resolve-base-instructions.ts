import { getModelInstructions } from "./get-model-instructions.js";
import type { ModelInfo } from "./model-info.js";
import { defaultPersonality, type Personality } from "./personality.js";

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

/**
 * The base instructions of a session: the explicit `override` if there is one (even `""`),
 * else the instructions saved in the session being resumed, else the model's instructions for
 * the personality. A session chooses them once, at its start, and keeps them for every request,
 * even when the model changes later.
 *
 * @example
 * ```ts
 * const model = defaultModelCatalog.get("ctx-coder");
 * resolveBaseInstructions({ override: "Be terse.", fromHistory: "Older.", model }); // => "Be terse."
 * resolveBaseInstructions({ fromHistory: "Older.", model }); // => "Older."
 * ```
 */
export function resolveBaseInstructions(sources: BaseInstructionsSources): string {
  return (
    sources.override ??
    sources.fromHistory ??
    getModelInstructions(sources.model, sources.personality ?? defaultPersonality)
  );
}
