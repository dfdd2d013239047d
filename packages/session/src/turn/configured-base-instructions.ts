import type { ModelInfo, Personality } from "@ctx/prompts";
import type { SessionOptions } from "../session.js";
import type { SessionState } from "../session-state.js";
import { baseInstructionsFor } from "./base-instructions.js";

/**
 * The base instructions the caller sets now: `options.baseInstructions` when given (they may
 * differ from those the session recorded, on a resume or a fork); else those in force, the last
 * the model was given (an update included); else those a request to `model` carries
 * ({@link baseInstructionsFor}). When they differ from those in force the model is sent them as
 * an update, and the next compaction puts them in the requests.
 */
export function configuredBaseInstructions(
  state: SessionState,
  options: SessionOptions,
  model: ModelInfo,
  personality?: Personality,
): string {
  const shown = state.snapshots.model;
  const inForce =
    typeof shown === "object" && shown !== null && "base" in shown && typeof shown.base === "string"
      ? shown.base
      : undefined;
  return (
    options.baseInstructions ?? inForce ?? baseInstructionsFor(state, options, model, personality)
  );
}
