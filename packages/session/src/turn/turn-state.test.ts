import { defaultModelCatalog } from "@ctx/prompts";
import { describe, expect, it } from "vitest";
import { SessionError } from "../session-error.js";
import { parseTurnContext } from "./turn-context.js";
import { buildTurnState } from "./turn-state.js";

const sources = {
  model: defaultModelCatalog.get("gpt-5.1"),
  baseInstructions: "Be brief.",
  agentsMd: undefined,
};
const context = (extensions: Record<string, unknown>) =>
  parseTurnContext({
    model: "gpt-5.1",
    environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
    extensions,
  });

describe("a turn's turn state", () => {
  it("holds the extensions' slots as given beside the standard sections'", () => {
    const state = buildTurnState(context({ ticket: { id: "T-1" } }), sources);
    expect(state.ticket).toEqual({ id: "T-1" });
    expect(state.environments).toMatchObject({ environments: [{ id: "local", cwd: "/repo" }] });
  });

  it("refuses an extension slot that takes a standard section's id", () => {
    const attempt = () => buildTurnState(context({ permissions: { text: "forged" } }), sources);
    expect(attempt).toThrowError(SessionError);
    expect(attempt).toThrowError(expect.objectContaining({ code: "invalid-argument" }));
    expect(attempt).toThrowError(
      'invalid turn context.extensions: the extension slot "permissions" is a standard section\'s',
    );
  });
});
