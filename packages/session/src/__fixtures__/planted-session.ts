import { type CompactionState, compactionState } from "@ctx/registry";
import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import { createSession } from "../create-session.js";
import { createRecall } from "../recall/create-recall.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import type { TurnContext } from "../turn/turn-context.js";
import { assistant, output, toolCall as call } from "./items.js";

const turnContext: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

/** The facts {@link plantedSession} plants, as the user or the model wrote them. */
export const plantedFacts = {
  constraint: "Never force-push to the release branch.",
  path: "src/billing/invoice-rounding.ts",
  decision: "Decision: keep the legacy CSV exporter and add the JSON one beside it.",
  todo: "Write the migration guide for the JSON exporter",
  pendingCall: "e2e-final",
} as const;

/** Where a planted fact was found after the last compaction. */
export type FactSource = "state" | "recall" | "lost";

/** What {@link plantedSession} leaves: the store, the session's id, and its shown state. */
export interface PlantedSession {
  readonly store: RolloutStore;
  readonly sessionId: string;
  /** The typed state the request after the last compaction shows the model. */
  readonly state: CompactionState | undefined;
  readonly compactions: number;
}

/**
 * A scripted session of `turns` turns (200 at least) on a memory store, with no model: each turn
 * a request, a `read_file` call with an output of `outputBytes` and a reply; the fallback
 * summarizer writes three compactions, at a third, two thirds and the end. Planted: the user's
 * constraint at turn 3, a file path at turn 40, a decision at turn 90, a plan step left open
 * (turn 120), and a call still pending at the last compaction.
 */
export async function plantedSession(turns: number, outputBytes: number): Promise<PlantedSession> {
  const store = createMemoryRolloutStore();
  const session = createSession({
    store,
    sessionId: "planted",
    tokenizer: approximateTokenizer,
    compaction: { renderState: true, recallTool: "recall" },
  });
  const filler = "a line of tool output with words and numbers 0123456789\n";
  const body = filler.repeat(Math.max(1, Math.ceil(outputBytes / filler.length)));
  let compactions = 0;
  for (let turn = 1; turn <= turns; turn += 1) {
    const request =
      turn === 3 ? `Before you go on: ${plantedFacts.constraint}` : `Step ${turn}: carry on.`;
    await session.beginTurn(turnContext, request);
    const path = turn === 40 ? plantedFacts.path : `src/module-${turn}.ts`;
    const items: ResponseItem[] = [
      call(`read-${turn}`, "read_file", { path }),
      output(`read-${turn}`, `${path}\n${body}`),
    ];
    if (turn === 90) items.push(assistant(plantedFacts.decision));
    else if (turn === 120)
      items.push(
        call(`plan-${turn}`, "update_plan", {
          plan: [
            { step: "Move the exporters behind one interface", status: "completed" },
            { step: plantedFacts.todo, status: "pending" },
          ],
        }),
        output(`plan-${turn}`, "Plan updated."),
      );
    else items.push(assistant(`Done with step ${turn}.`));
    await session.record(items);
    if (turn === Math.floor(turns / 3) || turn === Math.floor((2 * turns) / 3)) {
      await session.compact();
      compactions += 1;
    }
  }
  await session.record([call(plantedFacts.pendingCall, "shell", { command: ["pnpm", "e2e"] })]);
  await session.compact();
  compactions += 1;
  const next = await session.beginTurn(turnContext, "Carry on.");
  const state = next.input.flatMap((item) =>
    item.type === "message" && item.role === "user"
      ? item.content.flatMap((part) => {
          const found = "text" in part ? compactionState.parse(part.text) : undefined;
          return found === undefined ? [] : [found];
        })
      : [],
  )[0];
  return { store, sessionId: session.id, state, compactions };
}

/** Where each planted fact is after the last compaction: in the typed state, recalled exactly, or lost. */
export async function findPlantedFacts(
  planted: PlantedSession,
): Promise<Record<keyof typeof plantedFacts, FactSource>> {
  const { state } = planted;
  const recall = createRecall(planted.store, { sessionId: planted.sessionId });
  const recalled = async (query: Parameters<typeof recall.search>[0], exact: string) =>
    (await recall.search(query)).items.some((item) => item.text.includes(exact));
  const source = async (inState: boolean, inRecall: Promise<boolean>): Promise<FactSource> =>
    inState ? "state" : (await inRecall) ? "recall" : "lost";
  return {
    constraint: await source(
      state?.constraints.some((constraint) => constraint.includes(plantedFacts.constraint)) ??
        false,
      recalled({ text: plantedFacts.constraint }, plantedFacts.constraint),
    ),
    path: await source(
      [...(state?.files.read ?? []), ...(state?.files.changed ?? [])].includes(plantedFacts.path),
      recalled({ path: plantedFacts.path, tool: "read_file" }, plantedFacts.path),
    ),
    decision: await source(
      state?.decisions.includes(plantedFacts.decision) ?? false,
      recalled({ text: "legacy CSV exporter" }, plantedFacts.decision),
    ),
    todo: await source(
      state?.todos.some((todo) => todo.text === plantedFacts.todo && todo.status !== "done") ??
        false,
      recalled({ tool: "update_plan", text: plantedFacts.todo }, plantedFacts.todo),
    ),
    pendingCall: await source(
      state?.pendingCalls.some((pending) => pending.callId === plantedFacts.pendingCall) ?? false,
      recalled({ tool: "shell", text: "e2e" }, "e2e"),
    ),
  };
}
