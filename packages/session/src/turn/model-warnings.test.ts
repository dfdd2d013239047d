import { defaultModelCatalog } from "@ctx/prompts";
import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { SessionState } from "../session-state.js";
import { createModelLookup } from "./model-lookup.js";
import { modelWarnings } from "./model-warnings.js";

const models = createModelLookup(defaultModelCatalog, {});

/** A state whose rollout recorded one turn with `model`, as a resume replays it. */
function recordedWith(model: string): SessionState {
  const state = new SessionState(createStandardRegistry());
  state.apply({ type: "turn", payload: { index: 1, model } });
  return state;
}

const codes = (state: SessionState, slug: string, firstTurn: boolean) =>
  modelWarnings(state, models, models.get(slug), firstTurn).map((warning) => warning.code);

describe("the warnings of a turn's model", () => {
  it("names a model the catalog does not list on the first turn and when the model changes", () => {
    expect(codes(new SessionState(createStandardRegistry()), "ctx-unknown", true)).toEqual([
      "unknown-model",
    ]);
    expect(codes(recordedWith("ctx-unknown"), "ctx-unknown", false)).toEqual([]);
    expect(codes(recordedWith("gpt-5.1"), "ctx-unknown", false)).toEqual(["unknown-model"]);
  });

  it("names a resume with another model than the recorded one, on its first turn only", () => {
    expect(codes(recordedWith("gpt-5.1"), "claude-sonnet-4-5", true)).toEqual([
      "resumed-with-another-model",
    ]);
    expect(codes(recordedWith("gpt-5.1"), "claude-sonnet-4-5", false)).toEqual([]);
    expect(codes(recordedWith("gpt-5.1"), "gpt-5.1", true)).toEqual([]);
  });
});
