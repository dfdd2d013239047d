import type { KindSection } from "@ctx/fragments";
import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { SessionState } from "./session-state.js";

const registry = createStandardRegistry();
const section = (id: string): KindSection => {
  const found = registry.kinds.find((kind) => kind.section?.id === id)?.section;
  if (found === undefined) throw new Error(id);
  return found;
};

function stateWith(
  snapshots: Record<string, boolean | { slug: string }>,
  shownKinds: string[] = [],
) {
  const state = new SessionState(registry);
  state.apply({
    type: "response_item",
    payload: {
      item: {
        type: "message",
        role: "developer",
        content: shownKinds.map(() => ({ type: "input_text" as const, text: "x" })),
      },
      origin: { source: "context", kinds: shownKinds },
    },
  });
  state.apply({ type: "world_state", payload: { full: true, state: snapshots } });
  return state;
}

describe("SessionState.reference", () => {
  it("knows a snapshot whose fragment is still in the history", () => {
    const state = stateWith({ apps: true }, ["apps_instructions"]);
    expect(state.reference(section("apps"), false)).toEqual({ status: "known", snapshot: true });
  });

  it("forgets a retained section whose fragment left the history", () => {
    expect(stateWith({ apps: true }).reference(section("apps"), false)).toEqual({
      status: "absent",
    });
  });

  it("reads a section the history shows without a snapshot as unknown", () => {
    const state = stateWith({}, ["permissions_instructions"]);
    expect(state.reference(section("permissions"), false)).toEqual({ status: "unknown" });
    expect(state.reference(section("permissions"), true)).toEqual({ status: "unknown" });
    expect(state.reference(section("environments"), false)).toEqual({ status: "absent" });
  });

  it("keeps only the model's snapshot through a full context", () => {
    const state = stateWith({ model: { slug: "a" }, apps: true }, ["apps_instructions"]);
    expect(state.reference(section("model"), true)).toEqual({
      status: "known",
      snapshot: { slug: "a" },
    });
    expect(state.reference(section("apps"), true)).toEqual({ status: "unknown" });
  });
});
