import { createMemoryFileSystem, discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import { beforeAll, describe, expect, it } from "vitest";
import { createFakeSummarizer } from "./__fixtures__/fake-summarizer.js";
import { assistant, output } from "./__fixtures__/items.js";
import { createSession } from "./create-session.js";
import { forkSession } from "./log/fork-session.js";
import type { Session } from "./session.js";
import { SessionError } from "./session-error.js";
import { approximateTokenizer } from "./tokens/approximate-tokenizer.js";
import type { TurnContext } from "./turn/turn-context.js";

const model = defaultModelCatalog.get("ctx-coder");
const catalog = createModelCatalog([
  { ...model, slug: "tiny", contextWindow: 4_000, autoCompactTokenLimit: 2_000 },
]);

let agentsMd: LoadedAgentsMd;
beforeAll(async () => {
  agentsMd = await discoverAgentsMd({
    cwd: "/repo",
    fs: createMemoryFileSystem({ "/repo/AGENTS.md": "Run pnpm test." }),
  });
});
const context = (): TurnContext => ({
  model: "tiny",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
  agentsMd,
});

/** A memory store that counts the calls that would change it. */
function countingStore(): { store: RolloutStore; writes: () => number } {
  const inner = createMemoryRolloutStore();
  let writes = 0;
  const store: RolloutStore = {
    ...inner,
    create: (request) => {
      writes += 1;
      return inner.create(request);
    },
    append: (request) => {
      writes += 1;
      return inner.append(request);
    },
    read: (sessionId, options) => inner.read(sessionId, options),
    info: (sessionId) => inner.info(sessionId),
    list: (options) => inner.list(options),
  };
  return { store, writes: () => writes };
}

/** A session whose history is over the tiny model's compaction limit. */
async function overLimit(): Promise<{
  session: Session;
  store: RolloutStore;
  writes: () => number;
  summaries: () => number;
}> {
  const { store, writes } = countingStore();
  const fake = createFakeSummarizer();
  const session = createSession({
    store,
    catalog,
    tokenizer: approximateTokenizer,
    summarizer: fake.summarize,
  });
  await session.beginTurn(context(), "one");
  await session.record([output("c1", "x".repeat(4_000)), assistant("a1")]);
  return { session, store, writes, summaries: () => fake.requests.length };
}

describe("a refused call leaves no trace", () => {
  it("beginTurn with a standard section's extension slot compacts nothing and writes nothing", async () => {
    const { session, writes, summaries } = await overLimit();
    const before = writes();
    await expect(
      session.beginTurn({ ...context(), extensions: { permissions: { text: "forged" } } }, "two"),
    ).rejects.toThrowError(/standard section/);
    expect(writes()).toBe(before);
    expect(summaries()).toBe(0);
    // The same turn with valid slots does compact: the limit was reached.
    const request = await session.beginTurn(context(), "two");
    expect(request.compaction).toMatchObject({ trigger: "context-limit" });
    expect(summaries()).toBe(1);
  });

  it("beginTurn with user input that is not one, or a misspelt setting, writes nothing", async () => {
    const { session, writes, summaries } = await overLimit();
    const before = writes();
    await expect(session.beginTurn(context(), 42 as unknown as string)).rejects.toThrowError(
      SessionError,
    );
    await expect(
      session.beginTurn({ ...context(), personalty: "friendly" } as TurnContext, "two"),
    ).rejects.toThrowError(SessionError);
    expect(writes()).toBe(before);
    expect(summaries()).toBe(0);
  });

  it("record, rollback and compact with bad arguments write nothing and summarize nothing", async () => {
    const { session, writes, summaries } = await overLimit();
    const before = writes();
    const history = session.history().length;
    await expect(session.record(undefined as unknown as [])).rejects.toThrowError(SessionError);
    await expect(
      session.record([assistant("fine"), { type: "nonsense" } as never]),
    ).rejects.toThrowError(SessionError);
    await expect(session.rollback(0)).rejects.toThrowError(SessionError);
    await expect(session.compact({ guidance: 5 } as never)).rejects.toThrowError(SessionError);
    expect(writes()).toBe(before);
    expect(summaries()).toBe(0);
    expect(session.history()).toHaveLength(history);
  });

  it("nextRequest before any turn writes nothing", async () => {
    const { store, writes } = countingStore();
    const session = createSession({ store });
    await expect(session.nextRequest()).rejects.toThrowError(/call beginTurn first/);
    expect(writes()).toBe(0);
  });

  it("fork with a bad turn count creates no session", async () => {
    const { session, store, writes } = await overLimit();
    const before = writes();
    await expect(forkSession(store, { sessionId: session.id, atTurn: -1 })).rejects.toThrowError(
      SessionError,
    );
    expect(writes()).toBe(before);
  });
});
