import { describe, expect, it } from "vitest";
import { snapshotRequest } from "./request-snapshot.js";

describe("snapshotRequest", () => {
  it("puts the base instructions first, then the history's kinds, each under its category", () => {
    const history = new Map([
      ["user_intent", { bytes: 10, tokens: 3 }],
      ["function_call", { bytes: 40, tokens: 9 }],
    ]);
    const categories = new Map([
      ["user_intent", "user" as const],
      ["function_call", "model" as const],
    ]);
    expect(snapshotRequest({ bytes: 100, tokens: 25 }, history, categories)).toEqual({
      bytesByKind: { base_instructions: 100, user_intent: 10, function_call: 40 },
      tokensByKind: { base_instructions: 25, user_intent: 3, function_call: 9 },
      categoryOf: { base_instructions: "injected", user_intent: "user", function_call: "model" },
    });
    expect(snapshotRequest(undefined, new Map(), new Map())).toEqual({
      bytesByKind: {},
      tokensByKind: {},
      categoryOf: {},
    });
  });
});
