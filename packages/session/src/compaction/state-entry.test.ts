import { compactionState, createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { stateEntry } from "./state-entry.js";

describe("stateEntry", () => {
  it("is injected context of the compaction_state kind that reads back as the state", () => {
    const [state] = compactionState.examples;
    if (state === undefined) throw new Error("the kind has an example");
    const entry = stateEntry(state);
    expect(entry.origin).toEqual({ source: "context", kinds: ["compaction_state"] });
    expect(createStandardRegistry().isContextualUserMessage(entry.item)).toBe(true);
    const text =
      entry.item.type === "message" && entry.item.content[0]?.type === "input_text"
        ? entry.item.content[0].text
        : "";
    expect(compactionState.parse(text)).toEqual(state);
  });
});
