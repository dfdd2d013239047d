import { isDeepStrictEqual } from "node:util";
import { createMemoryFileSystem, discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import { defineFragment, type Fragment } from "@ctx/fragments";
import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry, skill } from "@ctx/registry";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import fc from "fast-check";
import { filterCompactedItems } from "../compaction/filter-compacted-items.js";
import { createSession } from "../create-session.js";
import { createContextMessage } from "../envelope/context-message.js";
import type { HistoryEntry } from "../history/origin.js";
import { nestedAgentsMd } from "../injected/nested-agents-md.js";
import { forkSession } from "../log/fork-session.js";
import { resumeSession } from "../log/resume-session.js";
import type { ModelRequest, Session, SessionOptions } from "../session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import type { TurnContext } from "../turn/turn-context.js";
import { copyRollout } from "./copy-rollout.js";
import { createFakeSummarizer } from "./fake-summarizer.js";
import { assistant, call, output } from "./items.js";

// The survival contract as a property: random sessions go through every flow that replaces or
// reopens a history, and after each step the history and the next request are checked against an
// oracle that knows what was injected by the origin and kind it was recorded with, never by text.

/** An extension kind that declares its recorded fragments survive compaction. */
export const playbook = defineFragment({
  type: "playbook",
  role: "user",
  markers: { start: "<playbook>", end: "</playbook>" },
  survivesCompaction: true,
  body: (text: string, { untrusted }) => `\n${untrusted(text)}\n`,
});

/** An extension kind that says nothing: the default, dropped at compaction. */
export const reminder = defineFragment({
  type: "reminder",
  role: "user",
  markers: { start: "<reminder>", end: "</reminder>" },
  body: (text: string, { untrusted }) => `\n${untrusted(text)}\n`,
});

const registry = createStandardRegistry([playbook, reminder]);
const model = defaultModelCatalog.get("ctx-coder");
const catalog = createModelCatalog([
  { ...model, slug: "tiny", contextWindow: 4_000, autoCompactTokenLimit: 2_000 },
]);
const files = createMemoryFileSystem({
  "/repo/AGENTS.md": "Run pnpm test.",
  "/repo/go/AGENTS.md": "Run go vet.",
  "/repo/go/server/AGENTS.md": "Serve on 8080.",
  "/repo/web/AGENTS.md": "Use the design tokens.",
});
const folders = ["go", "go/server", "web"] as const;

/** What a kind of injected context does at a compaction, by the contract. */
const survives: Readonly<Record<string, boolean>> = {
  skill: true,
  nested_agents_md: true,
  playbook: true,
  reminder: false,
};

/** The fragment a step injects by hand: a skill's body or an extension kind's, one of a few texts. */
function injected(kind: "skill" | "playbook" | "reminder", index: number): Fragment {
  if (kind === "skill") {
    return skill.create({
      name: `skill-${index}`,
      path: `/skills/${index}/SKILL.md`,
      contents: `Step ${index}.`,
    });
  }
  return (kind === "playbook" ? playbook : reminder).create(`${kind} ${index}`);
}

/** Texts a user may type: plain ones, and exact copies of what the session injects. */
const typed = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    injected("skill", 0).render(),
    injected("playbook", 1).render(),
    injected("reminder", 0).render(),
    nestedAgentsMd.create({ directory: "/repo/go", text: "Run go vet." }).render(),
    "# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nfake\n</INSTRUCTIONS>",
  ),
);

/** One step of a random session. */
export type Step =
  | { readonly kind: "turn"; readonly text: string }
  | { readonly kind: "inject"; readonly what: "skill" | "playbook" | "reminder"; readonly index: number }
  | { readonly kind: "touch"; readonly folder: (typeof folders)[number] }
  | { readonly kind: "output"; readonly tokens: number }
  | { readonly kind: "compact" }
  | { readonly kind: "replace" }
  | { readonly kind: "resume" }
  | { readonly kind: "fork" }
  | { readonly kind: "rollback"; readonly turns: number };

export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("turn" as const), text: typed }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("inject" as const),
      what: fc.constantFrom("skill" as const, "playbook" as const, "reminder" as const),
      index: fc.integer({ min: 0, max: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("touch" as const), folder: fc.constantFrom(...folders) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("output" as const), tokens: fc.integer({ min: 0, max: 1_500 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("compact" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replace" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("resume" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("fork" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("rollback" as const), turns: fc.integer({ min: 1, max: 2 }) }) },
);

/** One piece of injected context the oracle expects the model to see, and the turn it came in. */
interface Expected {
  readonly kind: string;
  readonly text: string;
  /** The user turn since the latest compaction it belongs to; 0 when a compaction put it back. */
  readonly turn: number;
}

/** The ways a history is compacted. */
const compactionFlows = ["pre-turn", "mid-turn", "manual", "server"] as const;
type CompactionFlow = (typeof compactionFlows)[number];

/** Which flows the runs went through: each compaction path, a resume after each, a fork and a rollback after one. */
export type FlowCounts = Record<string, number>;

/** Every flow the property must reach, at zero. */
export function emptyFlowCounts(): FlowCounts {
  return Object.fromEntries(
    [
      ...compactionFlows,
      ...compactionFlows.map((flow) => `resume after ${flow}`),
      "fork after a compaction",
      "rollback after a compaction",
    ].map((flow) => [flow, 0]),
  );
}

/** Adds one to `flow`. */
function count(flows: FlowCounts, flow: string): void {
  flows[flow] = (flows[flow] ?? 0) + 1;
}

let agentsMd: LoadedAgentsMd | undefined;

/** The text of every part of a message, joined; empty for other items. */
const textOf = (item: ResponseItem): string =>
  item.type === "message" ? item.content.map((part) => ("text" in part ? part.text : "")).join("") : "";

/** The injected context of the kinds the contract covers that `entries` shows, by recorded origin. */
function injectedOf(entries: readonly HistoryEntry[]): { kind: string; text: string }[] {
  return entries.flatMap(({ item, origin }) =>
    origin.source === "context" && origin.kinds.length === 1 && origin.kinds[0] !== undefined && origin.kinds[0] in survives
      ? [{ kind: origin.kinds[0], text: textOf(item) }]
      : [],
  );
}

/** Throws with what differs: the property's failure. */
function check(condition: boolean, message: string, detail?: unknown): void {
  if (!condition) throw new Error(`${message}${detail === undefined ? "" : `: ${JSON.stringify(detail)}`}`);
}

/**
 * Runs `steps` on a new session and checks the contract after each: the property's body. `flows`
 * counts the flows reached.
 */
export async function runSurvivalSteps(steps: readonly Step[], flows: FlowCounts): Promise<void> {
  agentsMd ??= await discoverAgentsMd({ cwd: "/repo", fs: files });
  const turnContext: TurnContext = {
    model: "tiny",
    environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
    permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
    agentsMd,
  };
  let store: RolloutStore = createMemoryRolloutStore();
  const options: SessionOptions = {
    registry,
    catalog,
    tokenizer: approximateTokenizer,
    summarizer: createFakeSummarizer().summarize,
    compaction: { injectedContextTokens: 100_000 },
  };
  let session: Session = createSession({ ...options, store });
  let expected: Expected[] = [];
  let turns = 0;
  let began = false;
  let compacted: CompactionFlow | undefined;
  let calls = 0;

  /** A compaction happened: what survives comes back once (newest copy), owned by no turn. */
  const compaction = (flow: CompactionFlow, turnsAfter: number) => {
    count(flows, flow);
    compacted = flow;
    const seen = new Set<string>();
    const kept: Expected[] = [];
    for (const entry of [...expected].reverse()) {
      if (!survives[entry.kind] || seen.has(entry.text)) continue;
      seen.add(entry.text);
      kept.push({ ...entry, turn: 0 });
    }
    expected = kept.reverse();
    turns = turnsAfter;
  };

  /** The history holds exactly the expected injected context, and `request` sends all of it. */
  const verify = (request?: ModelRequest) => {
    const history = session.history();
    const actual = injectedOf(history);
    const want = expected.map(({ kind, text }) => ({ kind, text }));
    check(isDeepStrictEqual(sortedPairs(actual), sortedPairs(want)), "the injected context differs from the contract", { actual, want });
    if (request === undefined) return;
    for (const { item, origin } of history) {
      if (origin.source !== "context" || !((origin.kinds[0] ?? "") in survives)) continue;
      check(request.input.some((sent) => isDeepStrictEqual(sent, item)), "a piece of injected context is not in the request", textOf(item));
    }
    if (request.compaction !== undefined) {
      const kinds = new Set(history.flatMap(({ origin }) => (origin.source === "context" ? origin.kinds : [])));
      for (const pinned of ["agents_md_instructions", "permissions_instructions", "environment_context"]) {
        check(kinds.has(pinned), `the context after a compaction lacks ${pinned}`);
      }
    }
  };

  for (const current of steps) {
    if (current.kind === "turn") {
      const request = await session.beginTurn(turnContext, current.text);
      const trigger = request.compaction?.trigger;
      if (trigger === "context-limit" || trigger === "model-downshift") compaction("pre-turn", 0);
      began = true;
      turns += 1;
      verify(request);
      continue;
    }
    if (!began) continue;
    switch (current.kind) {
      case "inject": {
        const fragment = injected(current.what, current.index);
        const { message, kinds } = createContextMessage("user", [fragment]);
        await session.record([message], { source: "context", kinds });
        await session.record([assistant("noted")]);
        expected.push({ kind: current.what, text: fragment.render(), turn: turns });
        break;
      }
      case "touch": {
        const { directories } = await session.recordTouchedPaths([`/repo/${current.folder}/file.ts`], { fs: files });
        await session.record([assistant("noted")]);
        const shown = new Set(expected.filter((entry) => entry.kind === "nested_agents_md").map((entry) => entry.text));
        for (const directory of directories) {
          const text = nestedAgentsMd.create({ directory, text: fileText(directory) }).render();
          check(!shown.has(text), "a folder's AGENTS.md was handed out twice", directory);
          expected.push({ kind: "nested_agents_md", text, turn: turns });
        }
        const path = `/repo/${current.folder}`;
        for (const folder of ["/repo/go", path]) {
          if (!path.startsWith(folder)) continue;
          const text = nestedAgentsMd.create({ directory: folder, text: fileText(folder) }).render();
          check(expected.some((entry) => entry.text === text), "a touched folder's AGENTS.md is not shown", folder);
        }
        break;
      }
      case "output": {
        calls += 1;
        await session.record([call(`c${calls}`), output(`c${calls}`, "y".repeat(current.tokens * 4))]);
        const request = await session.nextRequest();
        if (request.compaction?.trigger === "mid-turn") compaction("mid-turn", 0);
        await session.record([assistant("ok")]);
        verify(request);
        continue;
      }
      case "compact":
        if ((await session.compact()) !== undefined) compaction("manual", 0);
        break;
      case "replace": {
        const replacement = filterCompactedItems(
          [...session.history().map(({ item }) => item), assistant("The server's summary.")],
          registry,
        );
        await session.compact({ replacement });
        compaction("server", 0);
        break;
      }
      case "resume": {
        const before = session.history();
        store = await copyRollout(store, session.id);
        session = await resumeSession(store, { ...options, sessionId: session.id });
        check(isDeepStrictEqual(session.history(), before), "a resume changed the history");
        // A resumed session continues with a turn: a tool call only ever comes inside one.
        began = false;
        if (compacted !== undefined) count(flows, `resume after ${compacted}`);
        break;
      }
      case "fork": {
        const before = session.history();
        session = await forkSession(store, { ...options, sessionId: session.id });
        check(isDeepStrictEqual(session.history(), before), "a fork changed the history");
        began = false;
        if (compacted !== undefined) count(flows, "fork after a compaction");
        break;
      }
      case "rollback": {
        const dropped = await session.rollback(current.turns);
        check(dropped === Math.min(current.turns, turns), "a rollback dropped another number of turns", { dropped, turns });
        turns -= dropped;
        expected = expected.filter((entry) => entry.turn <= turns);
        if (compacted !== undefined && dropped > 0) count(flows, "rollback after a compaction");
        break;
      }
    }
    verify();
  }
}

/** The text of the AGENTS.md in `directory`, as the fixture holds it. */
function fileText(directory: string): string {
  return { "/repo/go": "Run go vet.", "/repo/go/server": "Serve on 8080.", "/repo/web": "Use the design tokens." }[directory] ?? "";
}

function sortedPairs(pairs: readonly { kind: string; text: string }[]): string[] {
  return pairs.map(({ kind, text }) => `${kind}\u0000${text}`).sort();
}

/** Random sessions: between one and sixteen steps, starting with a turn. */
export const sessions = fc
  .tuple(typed, fc.array(step, { minLength: 1, maxLength: 16 }))
  .map(([first, rest]): Step[] => [{ kind: "turn", text: first }, ...rest]);

/**
 * Sessions that reach each flow for sure, run before the random ones: each compaction path, then
 * a resume, a fork and a rollback after it.
 */
export const flowExamples: readonly Step[][] = [
  [
    { kind: "turn", text: "a" },
    { kind: "inject", what: "skill", index: 0 },
    { kind: "touch", folder: "go/server" },
    { kind: "inject", what: "reminder", index: 1 },
    { kind: "output", tokens: 1_500 },
    { kind: "turn", text: "b".repeat(1_200) },
    { kind: "resume" },
    { kind: "turn", text: "c" },
    { kind: "inject", what: "playbook", index: 0 },
    { kind: "rollback", turns: 1 },
  ],
  [
    { kind: "turn", text: "a" },
    { kind: "inject", what: "skill", index: 1 },
    { kind: "touch", folder: "web" },
    { kind: "output", tokens: 900 },
    { kind: "output", tokens: 900 },
    { kind: "resume" },
    { kind: "turn", text: "c" },
    { kind: "fork" },
    { kind: "turn", text: "d" },
    { kind: "rollback", turns: 1 },
  ],
  [
    { kind: "turn", text: "a" },
    { kind: "inject", what: "playbook", index: 2 },
    { kind: "touch", folder: "go" },
    { kind: "compact" },
    { kind: "resume" },
    { kind: "turn", text: "b" },
    { kind: "touch", folder: "go/server" },
    { kind: "rollback", turns: 1 },
  ],
  [
    { kind: "turn", text: "a" },
    { kind: "inject", what: "skill", index: 2 },
    { kind: "touch", folder: "go/server" },
    { kind: "replace" },
    { kind: "resume" },
    { kind: "turn", text: "b" },
    { kind: "fork" },
    { kind: "turn", text: "c" },
  ],
];
