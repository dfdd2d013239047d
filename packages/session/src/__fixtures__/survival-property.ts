import { isDeepStrictEqual } from "node:util";
import { createMemoryFileSystem, discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { agentsMdInstructions, createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
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
import { injected, playbook, reminder, type Step } from "./survival-steps.js";

// The survival contract as a property: random sessions go through every flow that replaces or
// reopens a history, and after each step the history and the next request are checked against an
// oracle that knows what was injected by the origin and kind it was recorded with, never by text.

const registry = createStandardRegistry([playbook, reminder]);
const model = defaultModelCatalog.get("ctx-coder");
const catalog = createModelCatalog([
  // The base instructions and the first context take about 2,200 tokens (bytes/4): the limit leaves
  // room for a few turns before a compaction.
  { ...model, slug: "tiny", contextWindow: 8_000, autoCompactTokenLimit: 4_500 },
]);
const nested = {
  "/repo/go/AGENTS.md": "Run go vet.",
  "/repo/go/server/AGENTS.md": "Serve on 8080.",
  "/repo/web/AGENTS.md": "Use the design tokens.",
};
/** The project as each `edit` leaves it: its own AGENTS.md, another text, none; the same nested files. */
const projects = [
  createMemoryFileSystem({ "/repo/AGENTS.md": "Run pnpm test.", ...nested }),
  createMemoryFileSystem({ "/repo/AGENTS.md": "Run pnpm test twice.", ...nested }),
  createMemoryFileSystem(nested),
] as const;
/** What a kind of injected context does at a compaction, by the contract. */
const survives: Readonly<Record<string, boolean>> = {
  skill: true,
  nested_agents_md: true,
  playbook: true,
  reminder: false,
};

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
      "nested blocks sent again after the project's notice",
    ].map((flow) => [flow, 0]),
  );
}

/** Adds one to `flow`. */
function count(flows: FlowCounts, flow: string): void {
  flows[flow] = (flows[flow] ?? 0) + 1;
}

let discovered: LoadedAgentsMd[] | undefined;

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
  discovered ??= await Promise.all(projects.map((fs) => discoverAgentsMd({ cwd: "/repo", fs })));
  const loaded = discovered;
  let root: 0 | 1 | 2 = 0;
  /** The project as the latest turn discovered it: the one its tools read. */
  let turnRoot: 0 | 1 | 2 = 0;
  const turnContext = (): TurnContext => {
    const agentsMd = loaded[root];
    if (agentsMd === undefined) throw new Error(`no project ${root}`);
    return {
      model: "tiny",
      environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
      permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
      agentsMd,
    };
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
      const pinned = ["permissions_instructions", "environment_context"];
      if (turnRoot !== 2) pinned.push("agents_md_instructions");
      for (const kind of pinned) {
        check(kinds.has(kind), `the context after a compaction lacks ${kind}`);
      }
    }
  };

  for (const current of steps) {
    if (current.kind === "turn") {
      const request = await session.beginTurn(turnContext(), current.text);
      turnRoot = root;
      const trigger = request.compaction?.trigger;
      if (trigger === "context-limit" || trigger === "model-downshift") compaction("pre-turn", 0);
      began = true;
      turns += 1;
      if (cancelsEarlierBlocks(session.history())) {
        // The project's block says it replaces (or withdraws) every earlier one: the nested ones,
        // which still apply, come again after it, with this turn.
        count(flows, "nested blocks sent again after the project's notice");
        const texts = new Set(expected.filter((entry) => entry.kind === "nested_agents_md").map((entry) => entry.text));
        for (const text of texts) expected.push({ kind: "nested_agents_md", text, turn: turns });
      }
      verify(request);
      continue;
    }
    if (current.kind === "edit") {
      root = current.root;
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
        const { directories } = await session.recordTouchedPaths([`/repo/${current.folder}/file.ts`], {
          fs: projects[turnRoot],
        });
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

/**
 * Whether the context right above the latest user message holds the project's AGENTS.md with a
 * notice that it replaces or withdraws every earlier block: read by the recorded kind, then the
 * kind's own parse of the text.
 */
function cancelsEarlierBlocks(history: readonly HistoryEntry[]): boolean {
  let index = history.findLastIndex(({ origin }) => origin.source === "user") - 1;
  for (; index >= 0; index--) {
    const entry = history[index];
    if (entry === undefined || entry.origin.source !== "context") return false;
    const { item, origin } = entry;
    if (item.type !== "message") return false;
    for (const [part, type] of origin.kinds.entries()) {
      const content = item.content[part];
      if (type !== "agents_md_instructions" || content === undefined || !("text" in content)) continue;
      const data = agentsMdInstructions.parse(content.text);
      if (data !== undefined && ("withdrawn" in data || data.supersedes === true)) return true;
    }
  }
  return false;
}

/** The text of the AGENTS.md in `directory`, as the fixture holds it. */
function fileText(directory: string): string {
  return { "/repo/go": "Run go vet.", "/repo/go/server": "Serve on 8080.", "/repo/web": "Use the design tokens." }[directory] ?? "";
}

function sortedPairs(pairs: readonly { kind: string; text: string }[]): string[] {
  return pairs.map(({ kind, text }) => `${kind}\u0000${text}`).sort();
}

