import type { ModelInfo, Personality } from "@ctx/prompts";
import type { SessionOptions } from "../session.js";
import type { SessionState } from "../session-state.js";
import { baseInstructionsFor } from "./base-instructions.js";

/**
 * The base instructions the caller sets now: `options.baseInstructions` when given (they may
 * differ from those the session recorded, on a resume or a fork), else those a request to
 * `model` carries ({@link baseInstructionsFor}). When they differ from the recorded ones the
 * model is sent them as an update, and the next compaction puts them in the requests.
 */
export function configuredBaseInstructions(
  state: SessionState,
  options: SessionOptions,
  model: ModelInfo,
  personality?: Personality,
): string {
  return options.baseInstructions ?? baseInstructionsFor(state, options, model, personality);
}
