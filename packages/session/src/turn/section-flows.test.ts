import { createMemoryFileSystem, discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import { beforeAll, describe, expect, it } from "vitest";
import { createFakeSummarizer } from "../__fixtures__/fake-summarizer.js";
import { assistant } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { forkSession } from "../log/fork-session.js";
import { resumeSession } from "../log/resume-session.js";
import type { ModelRequest, Session, SessionOptions } from "../session.js";
import type { TurnContext } from "./turn-context.js";

/**
 * Backs the session README's table "Every section on every flow": for each standard section, what
 * the next request sends after a change, a removal, and a change made across a resume, a
 * compaction, a fork and a rollback. A cell that says "nothing" is checked as nothing.
 */

const registry = createStandardRegistry();
const { summarize } = createFakeSummarizer();
const base: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

let rulesA: LoadedAgentsMd;
let rulesB: LoadedAgentsMd;
let noRules: LoadedAgentsMd;
beforeAll(async () => {
  const load = (files: Record<string, string>) =>
    discoverAgentsMd({ cwd: "/repo", fs: createMemoryFileSystem(files) });
  rulesA = await load({ "/repo/AGENTS.md": "Rule A." });
  rulesB = await load({ "/repo/AGENTS.md": "Rule B." });
  noRules = await load({ "/repo/README.md": "No rules here." });
});

/** What one request sends of a section: a fragment of `kind` whose text holds `text`, or nothing. */
interface Sent {
  readonly kind: string | undefined;
  readonly text?: string;
}

/** One section: the turn contexts of a change and of a removal, and what each sends. */
interface SectionCase {
  readonly section: string;
  /** The kinds of the section, to check that nothing of it is sent. */
  readonly kinds: readonly string[];
  readonly before: () => Partial<TurnContext>;
  readonly after: () => Partial<TurnContext>;
  /** What a change sends as an update (on the live session, after a resume, a fork, a rollback). */
  readonly update: Sent;
  /** What the full context after a compaction sends of the changed section. */
  readonly full: Sent;
  /** A removal: from one turn context to another, and what it sends; none when a turn always has one. */
  readonly removal?: {
    readonly from: () => Partial<TurnContext>;
    readonly to: () => Partial<TurnContext>;
    readonly sent: Sent;
  };
}

const deploy = { name: "deploy", description: "Ship it.", path: "/repo/.skills/deploy/SKILL.md" };
const lint = { name: "lint", description: "Lint it.", path: "/repo/.skills/lint/SKILL.md" };

const cases: readonly SectionCase[] = [
  {
    section: "model",
    kinds: ["model_switch", "model_instructions"],
    before: () => ({ model: "ctx-coder" }),
    after: () => ({ model: "ctx-coder-long" }),
    update: { kind: "model_instructions", text: "ctx-coder-long" },
    full: { kind: "model_switch" },
  },
  {
    section: "developer instructions",
    kinds: ["developer_instructions"],
    before: () => ({ developerInstructions: "Be brief." }),
    after: () => ({ developerInstructions: "Be thorough." }),
    update: { kind: undefined },
    full: { kind: "developer_instructions", text: "Be thorough." },
    removal: {
      from: () => ({ developerInstructions: "Be brief." }),
      to: () => ({}),
      sent: { kind: undefined },
    },
  },
  {
    section: "personality",
    kinds: ["personality_spec"],
    before: () => ({ personality: "friendly" }),
    after: () => ({ personality: "pragmatic" }),
    update: { kind: "personality_spec" },
    full: { kind: "personality_spec" },
    removal: {
      from: () => ({ personality: "friendly" }),
      to: () => ({ personality: "none" }),
      sent: { kind: "personality_spec" },
    },
  },
  {
    section: "skills",
    kinds: ["skills_instructions"],
    before: () => ({ skills: { skills: [deploy, lint] } }),
    after: () => ({ skills: { skills: [deploy] } }),
    update: { kind: "skills_instructions", text: "- deploy:" },
    full: { kind: "skills_instructions", text: "- deploy:" },
    removal: {
      from: () => ({ skills: { skills: [deploy] } }),
      to: () => ({ skills: { skills: [] } }),
      sent: { kind: "skills_instructions" },
    },
  },
  {
    section: "realtime",
    kinds: ["realtime_start", "realtime_start_with_instructions", "realtime_end"],
    before: () => ({ realtime: false }),
    after: () => ({ realtime: true }),
    update: { kind: "realtime_start" },
    full: { kind: "realtime_start" },
    removal: {
      from: () => ({ realtime: true }),
      to: () => ({ realtime: false }),
      sent: { kind: "realtime_end" },
    },
  },
  {
    section: "permissions",
    kinds: ["permissions_instructions"],
    before: () => ({ permissions: { sandboxMode: "read-only" } }),
    after: () => ({ permissions: { sandboxMode: "workspace-write" } }),
    update: { kind: "permissions_instructions", text: "workspace-write" },
    full: { kind: "permissions_instructions", text: "workspace-write" },
    removal: {
      from: () => ({ permissions: { sandboxMode: "read-only" } }),
      to: () => ({}),
      sent: { kind: undefined },
    },
  },
  {
    section: "collaboration mode",
    kinds: ["collaboration_mode"],
    before: () => ({ collaborationMode: { mode: "default", instructions: "Work." } }),
    after: () => ({ collaborationMode: { mode: "plan", instructions: "Plan first." } }),
    update: { kind: "collaboration_mode", text: "Plan first." },
    full: { kind: "collaboration_mode", text: "Plan first." },
    removal: {
      from: () => ({ collaborationMode: { mode: "plan", instructions: "Plan first." } }),
      to: () => ({}),
      sent: { kind: undefined },
    },
  },
  {
    section: "environments",
    kinds: ["environments_instructions"],
    before: () => ({ environmentsInstructions: false }),
    after: () => ({ environmentsInstructions: true }),
    update: { kind: "environments_instructions" },
    full: { kind: "environments_instructions" },
    removal: {
      from: () => ({ environmentsInstructions: true }),
      to: () => ({ environmentsInstructions: false }),
      sent: { kind: undefined },
    },
  },
  {
    section: "apps",
    kinds: ["apps_instructions"],
    before: () => ({ apps: false }),
    after: () => ({ apps: true }),
    update: { kind: "apps_instructions" },
    full: { kind: "apps_instructions" },
    removal: {
      from: () => ({ apps: true }),
      to: () => ({ apps: false }),
      sent: { kind: undefined },
    },
  },
  {
    section: "plugins",
    kinds: ["plugins_instructions"],
    before: () => ({ plugins: false }),
    after: () => ({ plugins: true }),
    update: { kind: "plugins_instructions" },
    full: { kind: "plugins_instructions" },
    removal: {
      from: () => ({ plugins: true }),
      to: () => ({ plugins: false }),
      sent: { kind: undefined },
    },
  },
  {
    section: "multi-agent",
    kinds: ["multi_agent_mode"],
    before: () => ({ multiAgentMode: { mode: "explicit-request-only" } }),
    after: () => ({ multiAgentMode: { mode: "proactive" } }),
    update: { kind: "multi_agent_mode" },
    full: { kind: "multi_agent_mode" },
    removal: {
      from: () => ({ multiAgentMode: { mode: "proactive" } }),
      to: () => ({}),
      sent: { kind: "multi_agent_mode" },
    },
  },
  {
    section: "AGENTS.md",
    kinds: ["agents_md_instructions"],
    before: () => ({ agentsMd: rulesA }),
    after: () => ({ agentsMd: rulesB }),
    update: { kind: "agents_md_instructions", text: "Rule B." },
    full: { kind: "agents_md_instructions", text: "Rule B." },
    removal: {
      from: () => ({ agentsMd: rulesA }),
      to: () => ({ agentsMd: noRules }),
      sent: { kind: "agents_md_instructions" },
    },
  },
  {
    section: "environment context",
    kinds: ["environment_context"],
    before: () => ({}),
    after: () => ({ environments: [{ id: "local", cwd: "/work", shell: "bash" }] }),
    update: { kind: "environment_context", text: "<cwd>/work</cwd>" },
    full: { kind: "environment_context", text: "<cwd>/work</cwd>" },
    removal: {
      from: () => ({}),
      to: () => ({ environmentContext: false }),
      sent: { kind: undefined },
    },
  },
];

/**
 * The texts of `items` with their kinds, the user's prompt and the model's answers left out; an
 * unmarked developer text is the developer instructions (the base instructions travel apart).
 */
function fragments(items: readonly ResponseItem[]): { kind: string; text: string }[] {
  return items.flatMap((item) =>
    item.type === "message" && item.role !== "assistant"
      ? item.content.flatMap((part) => {
          if (part.type !== "input_text") return [];
          const kind =
            registry.classify(item.role, part.text)?.type ??
            (item.role === "developer" ? "developer_instructions" : undefined);
          return kind === undefined ? [] : [{ kind, text: part.text }];
        })
      : [],
  );
}

/** Checks that `sent` is what `items` send of the section of `kinds`. */
function expectSent(items: readonly ResponseItem[], kinds: readonly string[], sent: Sent): void {
  const ofSection = fragments(items).filter((fragment) => kinds.includes(fragment.kind));
  if (sent.kind === undefined) {
    expect(ofSection).toEqual([]);
    return;
  }
  expect(ofSection.map((fragment) => fragment.kind)).toContain(sent.kind);
  if (sent.text !== undefined)
    expect(ofSection.some((fragment) => fragment.text.includes(sent.text ?? ""))).toBe(true);
}

const answer = assistant("Done.");

/** The items a request adds to the previous one (the prompt included, which carries no kind). */
function added(request: ModelRequest, previous: ModelRequest): readonly ResponseItem[] {
  expect(request.input.slice(0, previous.input.length)).toEqual(previous.input);
  return request.input.slice(previous.input.length);
}

async function firstTurn(
  options: SessionOptions,
  context: Partial<TurnContext>,
): Promise<{ session: Session; request: ModelRequest }> {
  const session = createSession(options);
  const request = await session.beginTurn({ ...base, ...context }, "one");
  await session.record([answer]);
  return { session, request };
}

const withStore = (store: RolloutStore): SessionOptions => ({ store, summarizer: summarize });

describe.each(cases)("the $section section", (section) => {
  const after = () => ({ ...base, ...section.after() });

  it("on a change, sends what Codex 0.171 does (or our deliberate difference)", async () => {
    const { session, request } = await firstTurn({}, section.before());
    expectSent(
      await session.beginTurn(after(), "two").then((next) => added(next, request)),
      section.kinds,
      section.update,
    );
  });

  it("after a resume, diffs against what the rollout says the model was shown", async () => {
    const store = createMemoryRolloutStore();
    const { session, request } = await firstTurn(withStore(store), section.before());
    const resumed = await resumeSession(store, { sessionId: session.id });
    const next = await resumed.beginTurn(after(), "two");
    expectSent(added(next, request), section.kinds, section.update);
  });

  it("after a compaction, sends the changed section in the full context", async () => {
    const { session } = await firstTurn({ summarizer: summarize }, section.before());
    await session.compact();
    const next = await session.beginTurn(after(), "two");
    expectSent(next.input, section.kinds, section.full);
  });

  it("after a fork, diffs the fork's first turn against the parent", async () => {
    const store = createMemoryRolloutStore();
    const { session, request } = await firstTurn(withStore(store), section.before());
    const fork = await forkSession(store, { sessionId: session.id });
    const next = await fork.beginTurn(after(), "two");
    expectSent(added(next, request), section.kinds, section.update);
  });

  it("after a rollback, sends again the change the dropped turn had sent", async () => {
    const { session } = await firstTurn({}, section.before());
    await session.beginTurn(after(), "two");
    await session.record([answer]);
    await session.rollback(1);
    const previous = session.history().map((entry) => entry.item);
    const next = await session.beginTurn(after(), "three");
    expect(next.input.slice(0, previous.length)).toEqual(previous);
    expectSent(next.input.slice(previous.length), section.kinds, section.update);
  });
});

describe.each(cases.filter((section) => section.removal !== undefined))(
  "the $section section, removed",
  (section) => {
    it("sends what Codex 0.171 does (or our deliberate difference)", async () => {
      const removal = section.removal;
      if (removal === undefined) throw new Error("filtered on removal");
      const { session, request } = await firstTurn({}, removal.from());
      const next = await session.beginTurn({ ...base, ...removal.to() }, "two");
      expectSent(added(next, request), section.kinds, removal.sent);
    });
  },
);

describe("the base instructions", () => {
  const kinds = ["model_instructions", "model_switch"];
  const careful = "You are careful.";
  const terse = "You are terse.";

  /** A first turn under `careful`, then the session opened again under `terse`. */
  async function reopened(
    open: (store: RolloutStore, sessionId: string) => Promise<Session>,
  ): Promise<{ store: RolloutStore; session: Session; first: ModelRequest; next: ModelRequest }> {
    const store = createMemoryRolloutStore();
    const { session: parent, request: first } = await firstTurn(
      { ...withStore(store), baseInstructions: careful },
      {},
    );
    const session = await open(store, parent.id);
    const next = await session.beginTurn(base, "two");
    return { store, session, first, next };
  }

  it("given other ones on a resume, sends them as an update and keeps the cached prefix", async () => {
    const { first, next } = await reopened((store, sessionId) =>
      resumeSession(store, { summarizer: summarize, sessionId, baseInstructions: terse }),
    );
    expect(next.instructions).toBe(careful);
    expectSent(added(next, first), kinds, { kind: "model_instructions", text: terse });
  });

  it("given other ones on a fork, sends them as an update", async () => {
    const { first, next } = await reopened((store, sessionId) =>
      forkSession(store, { summarizer: summarize, sessionId, baseInstructions: terse }),
    );
    expect(next.instructions).toBe(careful);
    expectSent(added(next, first), kinds, { kind: "model_instructions", text: terse });
  });

  it("given none on a later resume, keeps those in force: nothing is sent", async () => {
    const { store, session, next } = await reopened((store, sessionId) =>
      resumeSession(store, { summarizer: summarize, sessionId, baseInstructions: terse }),
    );
    await session.record([answer]);
    const again = await resumeSession(store, { summarizer: summarize, sessionId: session.id });
    const third = await again.beginTurn(base, "three");
    expectSent(third.input.slice(next.input.length), kinds, { kind: undefined });
  });

  it("after a compaction, go in the requests' instructions, with no update", async () => {
    const { session } = await reopened((store, sessionId) =>
      resumeSession(store, { summarizer: summarize, sessionId, baseInstructions: terse }),
    );
    await session.record([answer]);
    await session.compact();
    const next = await session.beginTurn(base, "three");
    expect(next.instructions).toBe(terse);
    expectSent(next.input, kinds, { kind: undefined });
  });

  it("after a rollback of the turn that sent them, sends them again", async () => {
    const { session } = await reopened((store, sessionId) =>
      resumeSession(store, { summarizer: summarize, sessionId, baseInstructions: terse }),
    );
    await session.record([answer]);
    await session.rollback(1);
    const previous = session.history().map((entry) => entry.item);
    const next = await session.beginTurn(base, "three");
    expect(next.instructions).toBe(careful);
    expectSent(next.input.slice(previous.length), kinds, {
      kind: "model_instructions",
      text: terse,
    });
  });
});
