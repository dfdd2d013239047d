import type { ModelInfo } from "@ctx/prompts";
import type { CtxWarning } from "@ctx/text";
import type { SessionState } from "../session-state.js";
import type { ModelLookup } from "./model-lookup.js";

/**
 * What a turn warns of its model: one the catalog does not know (on the session object's first
 * turn, and whenever the model changes), and on a resumed session's first turn a model other
 * than the one its rollout recorded.
 */
export function modelWarnings(
  state: SessionState,
  models: ModelLookup,
  model: ModelInfo,
  firstTurn: boolean,
): CtxWarning[] {
  const warnings: CtxWarning[] = [];
  if (firstTurn || state.model !== model.slug) {
    const unknown = models.unknownModelWarning(model.slug);
    if (unknown !== undefined) warnings.push(unknown);
  }
  if (firstTurn && state.model !== undefined && state.model !== model.slug) {
    warnings.push({
      code: "resumed-with-another-model",
      message: `this session was recorded with the model "${state.model}" and resumes with "${model.slug}"; switching back may give better results`,
    });
  }
  return warnings;
}
