import { type ModelInfo, type Personality, resolveBaseInstructions } from "@ctx/prompts";
import type { SessionOptions } from "../session.js";
import type { SessionState } from "../session-state.js";

/**
 * The base instructions a request to `model` carries: those the session's first turn recorded,
 * else the caller's override or the model's own (for `personality`, when given).
 */
export function baseInstructionsFor(
  state: SessionState,
  options: SessionOptions,
  model: ModelInfo,
  personality?: Personality,
): string {
  return (
    state.baseInstructions ??
    resolveBaseInstructions({
      ...(options.baseInstructions === undefined ? {} : { override: options.baseInstructions }),
      model,
      ...(personality === undefined ? {} : { personality }),
    })
  );
}
