import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { findRollbackCut } from "./find-rollback-cut.js";
import type { HistoryEntry, Origin } from "./origin.js";

const registry = createStandardRegistry();

function message(role: "developer" | "user" | "assistant", ...texts: string[]): ResponseItem {
  return { type: "message", role, content: texts.map((text) => ({ type: "input_text", text })) };
}

const entry = (item: ResponseItem, origin: Origin): HistoryEntry => ({ item, origin });
const user = (text: string) => entry(message("user", text), { source: "user" });
const reply = entry(message("assistant", "ok"), { source: "model" });
const permissions = entry(
  message("developer", "<permissions instructions>\nx\n</permissions instructions>"),
  {
    source: "context",
    kinds: ["permissions_instructions"],
  },
);
const environment = entry(message("user", "<environment_context>\n</environment_context>"), {
  source: "context",
  kinds: ["environment_context"],
});

describe("findRollbackCut", () => {
  const history = [permissions, environment, user("one"), reply, environment, user("two"), reply];

  it("cuts above the dropped turn's user message and the context right above it", () => {
    expect(findRollbackCut(history, 1, registry)).toEqual({
      keep: 4,
      droppedTurns: 1,
      clearsBaseline: false,
    });
  });

  it("never counts injected context as a user turn, even when it looks like the user's", () => {
    const typedMarker = user("<environment_context>\n</environment_context>");
    expect(findRollbackCut([...history, typedMarker], 1, registry).keep).toBe(history.length);
  });

  it("cuts at the first turn when asked for more turns than there are, and does nothing for none", () => {
    expect(findRollbackCut(history, 9, registry)).toMatchObject({ keep: 0, droppedTurns: 2 });
    expect(findRollbackCut(history, 0, registry)).toMatchObject({ keep: 7, droppedTurns: 0 });
  });

  it("clears the baseline when a dropped developer message mixed context and plain text", () => {
    const mixed = entry(
      message("developer", "Be brief.", "<permissions instructions>\n</permissions instructions>"),
      {
        source: "context",
        kinds: ["developer_instructions", "permissions_instructions"],
      },
    );
    expect(findRollbackCut([mixed, user("one")], 1, registry).clearsBaseline).toBe(true);
    expect(findRollbackCut(history, 2, registry).clearsBaseline).toBe(false);
  });
});
