import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { createSession, type ModelRequest } from "@ctx/session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactionPending, compareLaterTurns, type TurnRequest } from "./compare-later-turns.js";
import { ctxSessionTurnContext } from "./ctx-session-turn.js";
import { type CtxTurnState, ctxTurnState } from "./ctx-turn-state.js";
import type { ScenarioSettings } from "./scenario.js";

const registry = createStandardRegistry();
const prompts = ["First.", "Second."];
const base = {
  type: "message",
  role: "developer",
  content: [{ type: "input_text", text: "Be brief." }],
};
const answer: ResponseItem = {
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text: "Done." }],
};
const permissions = {
  type: "message",
  role: "developer",
  content: [
    { type: "input_text", text: "<permissions instructions>\nx\n</permissions instructions>" },
  ],
};

let folder = "";
const states: CtxTurnState[] = [];
const ours: ModelRequest[] = [];

beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-later-turns-")));
  await writeFile(join(folder, "AGENTS.md"), "Run the tests.\n");
  const settings: ScenarioSettings[] = [{}, { sandboxMode: "workspace-write" }];
  const session = createSession({ separator: "none" });
  for (const [index, turnSettings] of settings.entries()) {
    const state = await ctxTurnState({
      base: folder,
      cwd: folder,
      home: folder,
      settings: turnSettings,
    });
    states.push(state);
    ours.push(
      await session.beginTurn(ctxSessionTurnContext(state, turnSettings), prompts[index] ?? ""),
    );
    await session.record([answer]);
  }
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Codex's side made of ours: the base instructions first, as Codex sends them. */
const codex = (turn: number, input: readonly unknown[], compaction = false): TurnRequest => ({
  turn,
  input: [base, ...input],
  compaction,
});

const compare = (requests: readonly TurnRequest[]) =>
  compareLaterTurns({
    registry,
    extraLabel: (role, text) =>
      role === "user" && prompts.includes(text) ? "user_input" : undefined,
    prompts,
    requests,
    states,
    ours,
    places: { base: folder, home: folder },
    developerInstructions: undefined,
  });

describe("compareLaterTurns", () => {
  it("matches every check when Codex re-sends what the session re-sends", () => {
    const checks = compare([codex(0, ours[0]?.input ?? []), codex(1, ours[1]?.input ?? [])]);
    expect(checks.filter((check) => check.outcome !== "match")).toEqual([]);
    expect(checks.map((check) => check.check)).toContain("turn-2-layout");
    expect(checks.map((check) => check.check)).toContain("turn-2-environment-context");
  });

  it("finds a fragment only one side re-sends, and a request that does not extend the previous one", () => {
    const first = ours[0]?.input ?? [];
    const checks = compare([
      codex(0, first),
      codex(1, [
        ...first.slice(1),
        answer,
        permissions,
        { ...first.at(-1), content: [{ type: "input_text", text: "Second." }] },
      ]),
    ]);
    const differing = checks
      .filter((check) => check.outcome === "differ")
      .map((check) => check.check);
    expect(differing).toEqual(expect.arrayContaining(["turn-2-layout", "turn-2-extends-previous"]));
  });

  it("leaves a turn Codex compacts pending on issue #13", () => {
    const checks = compare([
      codex(0, ours[0]?.input ?? []),
      codex(1, [], true),
      codex(1, ours[1]?.input ?? []),
    ]);
    expect(checks).toContainEqual({
      check: "turn-2-session",
      outcome: "pending",
      detail: compactionPending,
    });
    expect(checks.map((check) => check.check)).not.toContain("turn-2-layout");
  });
});
