import { defaultModelCatalog, getModelInstructions } from "@ctx/prompts";
import { describe, expect, it } from "vitest";
import { resolveTurnState } from "./resolve-turn-state.js";
import { parseTurnContext } from "./turn-context.js";

const model = defaultModelCatalog.get("ctx-coder");
const context = parseTurnContext({
  model: "ctx-coder",
  personality: "friendly",
  environments: [
    { id: "local", cwd: "/a", shell: "bash" },
    { id: "remote", cwd: "/b", status: "starting" },
  ],
  permissions: { sandboxMode: "read-only" },
  realtime: true,
});

describe("resolveTurnState", () => {
  it("marks a personality already in the base instructions as baked", () => {
    const baked = resolveTurnState(context, {
      model,
      baseInstructions: getModelInstructions(model, "friendly"),
      agentsMd: undefined,
    });
    expect(baked.personality).toMatchObject({ personality: "friendly", baked: true });
    const other = resolveTurnState(context, {
      model,
      baseInstructions: "Custom.",
      agentsMd: undefined,
    });
    expect(other.personality.baked).toBe(false);
    expect(other.personality.message).not.toBe("");
  });

  it("renders the permissions text, and turns on guidance for several environments", () => {
    const state = resolveTurnState(context, { model, baseInstructions: "", agentsMd: undefined });
    expect(state.permissions?.text).toMatch(/read-only/);
    expect(state.environments_instructions).toBe(true);
    expect(state.realtime).toEqual({ active: true });
    expect(state.agents_md).toEqual({ text: "" });
    expect(state.model).toEqual({
      slug: "ctx-coder",
      instructions: getModelInstructions(model, "friendly"),
    });
  });

  it("leaves the environment out when asked to", () => {
    const quiet = parseTurnContext({ model: "m", environments: [], environmentContext: false });
    const state = resolveTurnState(quiet, { model, baseInstructions: "", agentsMd: undefined });
    expect(state.environments).toBeUndefined();
    expect(state.environments_instructions).toBe(false);
    expect(state.permissions).toBeUndefined();
  });
});
