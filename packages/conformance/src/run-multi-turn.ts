import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Registry } from "@ctx/registry";
import { createSession, type ModelRequest } from "@ctx/session";
import { buildTree } from "./build-tree.js";
import { type CheckResult, compareText } from "./check-result.js";
import { runCodex } from "./codex-cli.js";
import { codexOverrides } from "./codex-overrides.js";
import { compactionPending, compareLaterTurns, type TurnRequest } from "./compare-later-turns.js";
import { ConformanceError } from "./conformance-error.js";
import { ctxSessionTurnContext } from "./ctx-session-turn.js";
import { type CtxTurnState, ctxTurnState } from "./ctx-turn-state.js";
import { describeLayout, type ExtraLabel, layoutOf } from "./layout.js";
import {
  type MockAnswer,
  type RecordedRequest,
  startMockResponsesServer,
} from "./mock-responses-server.js";
import type { Scenario, ScenarioSettings } from "./scenario.js";

/** The summary the mock writes when Codex asks it to compact. */
const mockSummary = "Conformance checkpoint: the health check is half written.";
/** Codex compacts once reported usage passes this; a turn's `reportTokens` above it triggers compaction. */
const autoCompactTokenLimit = 50_000;
/** The variable named by `env_key`: Codex wants one, the mock ignores it. */
const keyVariable = "CTX_CONFORMANCE_KEY";

/**
 * Runs a multi-turn scenario through Codex against the mock Responses API: the first turn with
 * `codex exec`, each later one with `codex exec resume`, after the turn's edits to the tree and
 * with its settings; the same turns run through `@ctx/session` (separator `none`, as Codex joins
 * texts), each answered as the mock answered Codex. Returns the check of every request's layout
 * against the recorded one and the turns compared (see {@link compareLaterTurns}); a scenario
 * whose tokens make Codex compact is pending until @ctx compacts (issue #13).
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
  const extraLabel = labels(prompts, options.registry);
  const compacts = turns.some((turn) => (turn.reportTokens ?? 0) > autoCompactTokenLimit);
  const session = createSession({ separator: "none" });
  const ours: ModelRequest[] = [];
  let plan: { turnIndex: number; answered: boolean } = { turnIndex: 0, answered: false };
  const requests: TurnRequest[] = [];
  const mock = await startMockResponsesServer((request): MockAnswer => {
    const last = lastUserText(request);
    const compaction = last !== undefined && extraLabel("user", last) === "compaction_prompt";
    requests.push({ turn: plan.turnIndex, input: inputOf(request), compaction });
    if (compaction) return { text: mockSummary, totalTokens: 100 };
    const turn = turns[plan.turnIndex];
    if (plan.answered || turn === undefined) return { text: "Done.", totalTokens: 100 };
    plan.answered = true;
    return {
      ...(turn.toolCall === true
        ? { toolCall: { name: "list_agents", arguments: "{}" } }
        : { text: answerTo(plan.turnIndex) }),
      totalTokens: turn.reportTokens ?? 100,
    };
  });
  try {
    await writeFile(
      join(home, "config.toml"),
      [
        `model_provider = "mock"`,
        `model_auto_compact_token_limit = ${autoCompactTokenLimit}`,
        `[model_providers.mock]`,
        `name = "mock"`,
        `base_url = "${mock.baseUrl}"`,
        `wire_api = "responses"`,
        `env_key = "${keyVariable}"`,
        `request_max_retries = 0`,
        `stream_max_retries = 0`,
        `supports_websockets = false`,
        "",
      ].join("\n"),
    );
    let settings: ScenarioSettings = scenario.settings;
    let cwd = scenario.cwd;
    let threadId = "";
    const states: CtxTurnState[] = [];
    for (const [index, turn] of turns.entries()) {
      plan = { turnIndex: index, answered: false };
      await buildTree(base, turn.edits ?? []);
      settings = { ...settings, ...turn.settings };
      cwd = turn.cwd ?? cwd;
      const state = await ctxTurnState({ base, cwd: join(base, cwd), home, settings });
      states.push(state);
      if (!compacts) {
        ours.push(await session.beginTurn(ctxSessionTurnContext(state, settings), turn.prompt));
        await session.record([
          {
            type: "message",
            role: "assistant",
            content: [{ type: "output_text", text: answerTo(index) }],
          },
        ]);
      }
      const overrides = codexOverrides(settings, base);
      const args =
        index === 0
          ? ["exec", "--json", "--skip-git-repo-check", ...overrides, turn.prompt]
          : [
              "exec",
              "resume",
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
        env: { [keyVariable]: "unused" },
      });
      if (index === 0) threadId = readThreadId(stdout);
    }
    const recorded = mock.requests.map((request) =>
      describeLayout(layoutOf(inputOf(request), options.registry, { extraLabel })).filter(
        (line) => line !== "additional_tools",
      ),
    );
    const pending: CheckResult = {
      check: "session",
      outcome: "pending",
      detail: compactionPending,
    };
    return [
      compareText(
        "codex-requests",
        JSON.stringify(scenario.codexRequests ?? []),
        JSON.stringify(recorded),
      ),
      ...(compacts
        ? [pending]
        : compareLaterTurns({
            registry: options.registry,
            extraLabel,
            prompts: turns.map((turn) => turn.prompt),
            requests,
            states,
            ours,
            places: { base, home },
            developerInstructions: scenario.settings.developerInstructions,
          })),
    ];
  } finally {
    await mock.close();
  }
}

/** The mock's answer to the first request of turn `index`, which the session records too. */
function answerTo(index: number): string {
  return `Answer to turn ${index + 1}.`;
}

function inputOf(request: RecordedRequest): unknown[] {
  const input = request.input;
  return Array.isArray(input) ? input : [];
}

function lastUserText(request: RecordedRequest): string | undefined {
  const last: unknown = inputOf(request).at(-1);
  if (typeof last !== "object" || last === null || !("role" in last) || last.role !== "user")
    return undefined;
  const content =
    "content" in last && Array.isArray(last.content) ? (last.content as unknown[]) : [];
  const first: unknown = content[0];
  return typeof first === "object" && first !== null && "text" in first
    ? String(first.text)
    : undefined;
}

/**
 * What a user text of a recorded request is, by what we know of it: one of the scenario's
 * prompts, the summary (Codex's prefix, then the mock's text), a fragment the registry knows
 * (left to it), or else the compaction prompt — a user text the scenario never sent.
 */
function labels(prompts: ReadonlySet<string>, registry: Registry): ExtraLabel {
  return (role, text) => {
    if (role !== "user") return undefined;
    if (text.endsWith(`\n${mockSummary}`)) return "summary";
    if (prompts.has(text)) return "user_input";
    return registry.classify(role, text) === undefined ? "compaction_prompt" : undefined;
  };
}

function readThreadId(stdout: string): string {
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const event: unknown = JSON.parse(line);
    if (typeof event === "object" && event !== null && "thread_id" in event)
      return String(event.thread_id);
  }
  throw new ConformanceError("codex exec printed no thread id");
}
