import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import type { Registry } from "@ctx/registry";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import {
  createSession,
  forkSession,
  type ModelRequest,
  resumeSession,
  type Session,
  type SessionOptions,
} from "@ctx/session";
import { buildTree } from "./build-tree.js";
import { type CheckResult, compareText } from "./check-result.js";
import { type CodexAppServer, startCodexAppServer } from "./codex-app-server.js";
import { runCodex } from "./codex-cli.js";
import { codexOverrides } from "./codex-overrides.js";
import { readThreadId } from "./codex-thread-id.js";
import { type CtxRequest, compareLaterTurns, type TurnRequest } from "./compare-later-turns.js";
import { ConformanceError } from "./conformance-error.js";
import { ctxSessionTurnContext } from "./ctx-session-turn.js";
import { type CtxTurnState, ctxTurnState } from "./ctx-turn-state.js";
import { describeLayout, layoutOf } from "./layout.js";
import { doneAnswer, firstAnswer, mockSummary } from "./mock-answers.js";
import { type MockAnswer, mockOutputItem } from "./mock-output-item.js";
import { mockKeyVariable, mockProviderConfig } from "./mock-provider-config.js";
import { startMockResponsesServer } from "./mock-responses-server.js";
import { inputOf, lastUserText } from "./recorded-request-input.js";
import { runAppServerTurn } from "./run-app-server-turn.js";
import type { Scenario, ScenarioSettings, ScenarioTurn } from "./scenario.js";
import { scenarioLabels } from "./scenario-labels.js";
import { unrecognisedTexts } from "./unrecognised-texts.js";

/** Codex compacts once reported usage passes this; our catalog gives every model the same limit. */
const autoCompactTokenLimit = 50_000;
/** What the tool that the mock calls returns on our side (Codex answers that it has no such tool). */
const toolOutput = "No agents are running.";

/**
 * Our model catalog with Codex's configured limit: `model_auto_compact_token_limit` there,
 * `autoCompactTokenLimit` here, on every model (below 90% of each window, so it is the limit).
 */
const catalog = createModelCatalog(
  defaultModelCatalog.models.map((model) => ({ ...model, autoCompactTokenLimit })),
  { fallback: { ...defaultModelCatalog.fallback, autoCompactTokenLimit } },
);

/**
 * Runs a multi-turn scenario through Codex against the mock Responses API: the first turn with
 * `codex exec`, each later one with `codex exec resume`, after the turn's edits to the tree and
 * with its settings; the same turns run through `@ctx/session` (separator `none`, as Codex joins
 * texts), each answered as the mock answered Codex, and told the usage the mock reported to Codex
 * (`session.reportUsage`). Both compact by their own trigger with the same limit on that usage:
 * an answer that reports `reportTokens` puts both over it (before the next turn; after a tool
 * call, inside the turn, where @ctx's `nextRequest` compacts). Our summarizer writes the mock's
 * summary. Returns the check of every request's layout against the
 * recorded one and the turns compared (see {@link compareLaterTurns}).
 */
export async function runMultiTurn(options: {
  readonly scenario: Scenario;
  readonly base: string;
  readonly home: string;
  readonly registry: Registry;
}): Promise<CheckResult[]> {
  const { scenario, base, home } = options;
  const turns = scenario.turns ?? [];
  const prompts = new Set(turns.map((turn) => turn.prompt));
  const instructions = new Set(
    [scenario.settings, ...turns.map((turn) => turn.settings ?? {})].flatMap((settings) =>
      settings.developerInstructions === undefined ? [] : [settings.developerInstructions],
    ),
  );
  const extraLabel = scenarioLabels(prompts, instructions, options.registry);
  let plan: { turnIndex: number; answered: boolean } = { turnIndex: 0, answered: false };
  const ours: CtxRequest[] = [];
  const sessionOptions: SessionOptions = {
    separator: "none",
    catalog,
    summarizer: async (request) => {
      ours.push({
        turn: plan.turnIndex,
        input: request.input,
        instructions: request.instructions,
        compaction: true,
      });
      return mockSummary;
    },
  };
  // Codex runs each later turn as `codex exec resume`: @ctx's side resumes too, from its JSONL
  // rollout, in a session opened afresh for the turn.
  const store = createJsonlRolloutStore(join(home, "..", "ctx-sessions"));
  let sessionId: string | undefined;
  const requests: TurnRequest[] = [];
  let server: CodexAppServer | undefined;
  const mock = await startMockResponsesServer((request): MockAnswer => {
    const last = lastUserText(request);
    const compaction = last !== undefined && extraLabel("user", last) === "compaction_prompt";
    requests.push({ turn: plan.turnIndex, input: inputOf(request), compaction });
    if (compaction) return { text: mockSummary, totalTokens: 100 };
    const turn = turns[plan.turnIndex];
    if (plan.answered || turn === undefined) return doneAnswer;
    plan.answered = true;
    return firstAnswer(turn, plan.turnIndex);
  });
  try {
    await writeFile(
      join(home, "config.toml"),
      mockProviderConfig(mock.baseUrl, [
        `model_auto_compact_token_limit = ${autoCompactTokenLimit}`,
      ]),
    );
    let settings: ScenarioSettings = scenario.settings;
    let cwd = scenario.cwd;
    let threadId = "";
    const states: CtxTurnState[] = [];
    const codexTurns: string[] = [];
    for (const [index, turn] of turns.entries()) {
      plan = { turnIndex: index, answered: false };
      await buildTree(base, turn.edits ?? []);
      settings = { ...settings, ...turn.settings };
      cwd = turn.cwd ?? cwd;
      const state = await ctxTurnState({ base, cwd: join(base, cwd), home, settings });
      states.push(state);
      const turnOptions: SessionOptions =
        settings.modelInstructionsFile === undefined
          ? sessionOptions
          : {
              ...sessionOptions,
              baseInstructions: await readFile(join(base, settings.modelInstructionsFile), "utf8"),
            };
      const session: Session =
        sessionId === undefined
          ? createSession({ ...turnOptions, store })
          : turn.fork === true
            ? await forkSession(store, { ...turnOptions, sessionId })
            : await resumeSession(store, { ...turnOptions, sessionId });
      sessionId = session.id;
      if (turn.rollbackBefore !== undefined) await session.rollback(turn.rollbackBefore);
      if (turn.compactBefore === true) await session.compact();
      const discovery = {
        home,
        ...(settings.maxBytes === undefined ? {} : { maxBytes: settings.maxBytes }),
        ...(settings.fallbackFilenames === undefined
          ? {}
          : { fallbackFilenames: settings.fallbackFilenames }),
        ...(settings.rootMarkers === undefined ? {} : { rootMarkers: settings.rootMarkers }),
      };
      const begun = await session.beginTurn(
        await ctxSessionTurnContext(state, settings, discovery),
        turn.prompt,
      );
      ours.push(ctxRequest(index, begun));
      const answer = firstAnswer(turn, index);
      const output = mockOutputItem(answer, index);
      await session.record([output]);
      await session.reportUsage({ totalTokens: answer.totalTokens });
      if (output.type === "function_call") {
        await session.record([
          { type: "function_call_output", call_id: output.call_id, output: toolOutput },
        ]);
        ours.push(ctxRequest(index, await session.nextRequest()));
        await session.record([mockOutputItem(doneAnswer, index)]);
        await session.reportUsage({ totalTokens: doneAnswer.totalTokens });
      }
      const overrides = codexOverrides(settings, base);
      if (server !== undefined || viaAppServer(turns)) {
        const changed = Object.keys(turn.settings ?? {});
        if (
          index > 0 &&
          (turn.fork === true || changed.some((key) => key !== "sandboxMode" && key !== "model"))
        )
          throw new ConformanceError(
            "invalid-scenario",
            `${scenario.name}: through the app server, a later turn changes only its cwd, sandbox mode or model, in one thread`,
          );
        server ??= await startCodexAppServer({
          cwd: join(base, cwd),
          home,
          args: overrides,
          env: { [mockKeyVariable]: "unused" },
        });
        threadId ||= await server.startThread(join(base, cwd));
        await runAppServerTurn(server, threadId, turn, codexTurns, join(base, cwd));
        continue;
      }
      const args =
        index === 0
          ? ["exec", "--json", "--skip-git-repo-check", ...overrides, turn.prompt]
          : [
              "exec",
              turn.fork === true ? "fork" : "resume",
              "--json",
              "--skip-git-repo-check",
              ...overrides,
              threadId,
              turn.prompt,
            ];
      const stdout = await runCodex({
        cwd: join(base, cwd),
        home,
        args,
        env: { [mockKeyVariable]: "unused" },
      });
      if (index === 0 || turn.fork === true) threadId = readThreadId(stdout);
    }
    const layouts = mock.requests.map((request) =>
      layoutOf(inputOf(request), options.registry, { extraLabel }),
    );
    const recorded = layouts.map((layout) =>
      describeLayout(layout).filter((line) => line !== "additional_tools"),
    );
    return [
      compareText(
        "codex-recognised",
        "",
        [...new Set(layouts.flatMap((layout) => unrecognisedTexts(layout, prompts)))].join(", "),
      ),
      compareText(
        "codex-requests",
        JSON.stringify(scenario.codexRequests ?? []),
        JSON.stringify(recorded),
      ),
      ...compareLaterTurns({
        registry: options.registry,
        extraLabel,
        prompts: turns.map((turn) => turn.prompt),
        requests,
        states,
        ours,
        places: { base, home },
        developerInstructions: scenario.settings.developerInstructions,
      }),
    ];
  } finally {
    await server?.close();
    await mock.close();
  }
}

/** A request of the session's in turn `index`, with the compaction it reports. */
function ctxRequest(index: number, request: ModelRequest): CtxRequest {
  return {
    turn: index,
    input: request.input,
    instructions: request.instructions,
    compaction: false,
    report: request.compaction,
  };
}

/** Whether a scenario runs through Codex's app server: a turn compacts by hand or rolls back. */
function viaAppServer(turns: readonly ScenarioTurn[]): boolean {
  return turns.some((turn) => turn.compactBefore === true || turn.rollbackBefore !== undefined);
}
