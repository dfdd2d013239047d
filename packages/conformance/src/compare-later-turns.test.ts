import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createModelCatalog, defaultModelCatalog, type ModelCatalog } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { createSession, type ModelRequest } from "@ctx/session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CtxRequest, compareLaterTurns, type TurnRequest } from "./compare-later-turns.js";
import { ctxSessionTurnContext } from "./ctx-session-turn.js";
import { type CtxTurnState, ctxTurnState } from "./ctx-turn-state.js";
import type { ExtraLabel } from "./layout.js";
import type { ScenarioSettings } from "./scenario.js";

const registry = createStandardRegistry();
const prompts = ["First.", "Second."];
const summary = "The parser is half fixed.";
const base = {
  type: "message",
  role: "developer",
  content: [{ type: "input_text", text: "Be brief." }],
};
const answer = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});
const permissions = {
  type: "message",
  role: "developer",
  content: [
    { type: "input_text", text: "<permissions instructions>\nx\n</permissions instructions>" },
  ],
};
const extraLabel: ExtraLabel = (role, text) => {
  if (role !== "user") return undefined;
  if (prompts.includes(text)) return "user_input";
  if (text.endsWith(`\n${summary}`)) return "summary";
  return registry.classify(role, text) === undefined ? "compaction_prompt" : undefined;
};
/** The default catalog with a limit that the first answer's reported usage reaches, and the first turn does not. */
const smallLimit: ModelCatalog = createModelCatalog(
  defaultModelCatalog.models.map((model) => ({ ...model, autoCompactTokenLimit: 8_000 })),
  { fallback: defaultModelCatalog.fallback },
);

let folder = "";
const states: CtxTurnState[] = [];

/**
 * Two turns through a session (the second in workspace-write), each answered with
 * `answers[turn]`, whose usage is reported as `reported[turn]` tokens when that is given.
 */
async function runTurns(
  answers: readonly string[],
  catalog: ModelCatalog = defaultModelCatalog,
  reported: readonly number[] = [],
): Promise<CtxRequest[]> {
  const settings: ScenarioSettings[] = [{}, { sandboxMode: "workspace-write" }];
  const requests: CtxRequest[] = [];
  let turn = 0;
  const session = createSession({
    separator: "none",
    catalog,
    summarizer: async (request) => {
      requests.push({
        turn,
        input: request.input,
        instructions: request.instructions,
        compaction: true,
      });
      return summary;
    },
  });
  for (const [index, turnSettings] of settings.entries()) {
    turn = index;
    const state = await ctxTurnState({
      base: folder,
      cwd: folder,
      home: folder,
      settings: turnSettings,
    });
    states[index] = state;
    const request: ModelRequest = await session.beginTurn(
      await ctxSessionTurnContext(state, turnSettings, { home: folder }),
      prompts[index] ?? "",
    );
    requests.push({
      turn: index,
      input: request.input,
      instructions: request.instructions,
      compaction: false,
      report: request.compaction,
    });
    await session.record([answer(answers[index] ?? "Done.")]);
    const totalTokens = reported[index];
    if (totalTokens !== undefined) await session.reportUsage({ totalTokens });
  }
  return requests;
}

let plain: CtxRequest[] = [];
let compacted: CtxRequest[] = [];

beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-later-turns-")));
  await writeFile(join(folder, "AGENTS.md"), "Run the tests.\n");
  plain = await runTurns(["Done.", "Done."]);
  compacted = await runTurns(["Done.", "Done."], smallLimit, [8_000]);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/**
 * Codex's side made of ours: the base instructions first, as Codex sends them, and item ids of
 * its own in every request (ids are not for the model: a request still extends the previous one).
 */
const codex = (request: CtxRequest): TurnRequest => ({
  turn: request.turn,
  input: [
    base,
    ...request.input.map((item, index) => ({
      ...item,
      id: `item_${request.turn}_${request.compaction}_${index}`,
    })),
  ],
  compaction: request.compaction,
});

const compare = (requests: readonly TurnRequest[], ours: readonly CtxRequest[]) =>
  compareLaterTurns({
    registry,
    extraLabel,
    prompts,
    requests,
    states,
    ours,
    places: { base: folder, home: folder },
    developerInstructions: undefined,
  });

const names = (checks: ReturnType<typeof compare>) => checks.map((check) => check.check);
const differing = (checks: ReturnType<typeof compare>) =>
  checks.filter((check) => check.outcome === "differ").map((check) => check.check);

describe("compareLaterTurns", () => {
  it("matches every check when Codex re-sends what the session re-sends", () => {
    const checks = compare(plain.map(codex), plain);
    expect(differing(checks)).toEqual([]);
    expect(names(checks)).toEqual(
      expect.arrayContaining([
        "turn-2-compaction",
        "turn-2-layout",
        "turn-2-environment-context",
        "turn-2-extends-previous",
      ]),
    );
  });

  it("finds a fragment only one side re-sends, and a request that does not extend the previous one", () => {
    const first = plain[0]?.input ?? [];
    const checks = compare(
      [
        { turn: 0, input: [base, ...first], compaction: false },
        {
          turn: 1,
          input: [
            ...first.slice(1),
            answer("Done."),
            permissions,
            { ...first.at(-1), content: [{ type: "input_text", text: "Second." }] },
          ],
          compaction: false,
        },
      ],
      plain,
    );
    expect(differing(checks)).toEqual(
      expect.arrayContaining(["turn-2-layout", "turn-2-extends-previous"]),
    );
  });

  it("compares a turn both compact by the compaction request and the request after it", () => {
    expect(compacted.map((request) => [request.turn, request.compaction])).toEqual([
      [0, false],
      [1, true],
      [1, false],
    ]);
    const checks = compare(compacted.map(codex), compacted);
    expect(differing(checks)).toEqual([]);
    expect(names(checks)).toEqual(
      expect.arrayContaining([
        "turn-2-compaction",
        "turn-2-compaction-request",
        "turn-2-compacted-layout",
        "turn-2-compacted-agents-md",
        "turn-2-compacted-environment-context",
        "turn-2-compacted-permissions",
      ]),
    );
    expect(names(checks)).not.toContain("turn-2-layout");
  });

  it("finds a compacted request that puts the context after the summary, and a prompt without its newline", () => {
    const [first, request, after] = compacted.map(codex);
    if (first === undefined || request === undefined || after === undefined)
      throw new Error("the compacting session made three requests");
    const [head, developer, context, kept, summaryItem, prompt] = after.input;
    const unfinished = {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "Sum up." }],
    };
    const checks = compare(
      [
        first,
        { turn: 1, input: [...request.input.slice(0, -1), unfinished], compaction: true },
        {
          turn: 1,
          input: [head, kept, summaryItem, developer, context, prompt],
          compaction: false,
        },
      ],
      compacted,
    );
    expect(differing(checks)).toEqual(["turn-2-compaction-request", "turn-2-compacted-layout"]);
  });

  it("finds a compaction only one side makes, and then compares only the model switch", () => {
    const checks = compare(compacted.map(codex), plain);
    expect(differing(checks)).toEqual(["turn-2-compaction"]);
    expect(names(checks)).toContain("turn-2-model-switch");
    expect(names(checks)).not.toContain("turn-2-layout");
  });
});
