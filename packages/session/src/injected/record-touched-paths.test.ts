import { createMemoryFileSystem, discoverAgentsMd } from "@ctx/agents-md";
import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { copyRollout } from "../__fixtures__/copy-rollout.js";
import { createFakeSummarizer } from "../__fixtures__/fake-summarizer.js";
import { assistant } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import type { HistoryEntry } from "../history/origin.js";
import { forkSession } from "../log/fork-session.js";
import { resumeSession } from "../log/resume-session.js";
import type { Session } from "../session.js";
import { SessionError } from "../session-error.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { runTurn } from "../turn/run-turn.js";
import type { TurnContext } from "../turn/turn-context.js";

const fs = createMemoryFileSystem({
  "/repo/AGENTS.md": "Root rule.",
  "/repo/go/AGENTS.md": "Run go vet.",
  "/repo/go/server/AGENTS.md": "Serve on 8080.",
  "/repo/web/AGENTS.md": "Use pnpm.",
  "/repo/go/server/main.go": "package main",
});
const turn: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  agentsMd: { discover: { fs } },
};
const options = () => ({
  tokenizer: approximateTokenizer,
  summarizer: createFakeSummarizer().summarize,
});

/** The folder of each just-in-time AGENTS.md the history shows, read from the recorded origins. */
function nestedFolders(entries: readonly HistoryEntry[]): string[] {
  return entries.flatMap(({ item, origin }) =>
    origin.source === "context" &&
    origin.kinds.includes("nested_agents_md") &&
    item.type === "message"
      ? item.content.flatMap((part) =>
          "text" in part
            ? [/^# AGENTS\.md instructions for (\S+)/.exec(part.text)?.[1] ?? "?"]
            : [],
        )
      : [],
  );
}

const texts = (items: readonly ResponseItem[]): string[] =>
  items.flatMap((item) =>
    item.type === "message"
      ? item.content.flatMap((part) => ("text" in part ? [part.text] : []))
      : [],
  );

/** A turn whose model reads `file` with one tool call, then answers. */
async function readTurn(session: Session, file: string, requests: ResponseItem[][]): Promise<void> {
  const answers: ResponseItem[][] = [
    [
      {
        type: "function_call",
        call_id: `read ${file}`,
        name: "read",
        arguments: JSON.stringify({ file }),
      },
    ],
    [assistant("done")],
  ];
  const outcome = await runTurn({
    session,
    turnContext: turn,
    userInput: `Read ${file}.`,
    callModel: async (request) => {
      requests.push([...request.input]);
      return { items: answers.shift() ?? [] };
    },
    runTool: async () => "contents",
    touchedPaths: (call) =>
      call.type === "function_call" ? [String(JSON.parse(call.arguments).file)] : [],
  });
  expect(outcome.status).toBe("completed");
}

describe("just-in-time AGENTS.md", () => {
  it("records the AGENTS.md of each folder a tool touched right after its output, where the cached prefix stays whole", async () => {
    const session = createSession(options());
    const requests: ResponseItem[][] = [];
    await readTurn(session, "/repo/go/server/main.go", requests);
    await readTurn(session, "/repo/go/server/other.go", requests);
    await readTurn(session, "web/index.ts", requests);
    // Each request begins with the one before it, item for item.
    for (const [index, request] of requests.entries()) {
      const previous = requests[index - 1];
      if (previous !== undefined) expect(request.slice(0, previous.length)).toEqual(previous);
    }
    expect(nestedFolders(session.history())).toEqual(["/repo/go", "/repo/go/server", "/repo/web"]);
    const history = session.history();
    const first = history.findIndex(
      ({ origin }) => origin.source === "context" && origin.kinds[0] === "nested_agents_md",
    );
    expect(history[first - 1]?.item.type).toBe("function_call_output");
    const second = requests[1] ?? [];
    expect(texts(second).filter((text) => text.includes("Run go vet."))).toHaveLength(1);
    expect(texts(second).some((text) => text.includes("Serve on 8080."))).toBe(true);
  });

  it("knows what it handed out from the rollout alone: a resume and a fork hand out nothing twice", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ ...options(), store });
    await readTurn(session, "/repo/go/main.go", []);
    const resumed = await resumeSession(await copyRollout(store, session.id), {
      ...options(),
      sessionId: session.id,
    });
    await resumed.beginTurn(turn, "again");
    expect((await resumed.recordTouchedPaths(["/repo/go/x.go"])).directories).toEqual([]);
    expect((await resumed.recordTouchedPaths(["/repo/go/server"])).directories).toEqual([
      "/repo/go/server",
    ]);
    const fork = await forkSession(store, { ...options(), sessionId: session.id });
    await fork.beginTurn(turn, "in the fork");
    expect(
      (await fork.recordTouchedPaths(["/repo/go/y.go", "/repo/web/a.ts"])).directories,
    ).toEqual(["/repo/web"]);
    expect(nestedFolders(fork.history())).toEqual(["/repo/go", "/repo/web"]);
  });

  it("keeps a block recorded right after compact(): the root AGENTS.md sent again does not claim to replace it", async () => {
    const session = createSession(options());
    await session.beginTurn(turn, "one");
    await session.record([assistant("a1")]);
    await session.compact();
    await session.recordTouchedPaths(["/repo/go/main.go"]);
    const next = await session.beginTurn(turn, "two");
    const all = texts(next.input);
    expect(all.filter((text) => text.includes("Run go vet."))).toHaveLength(1);
    expect(all.filter((text) => text.includes("Root rule."))).toHaveLength(1);
    expect(all.some((text) => text.includes("take the place of every AGENTS.md block"))).toBe(
      false,
    );
  });

  it("brings the touched folders' blocks back after a compaction, newest first within the budget, and names one left out", async () => {
    const fake = createFakeSummarizer();
    const session = createSession({
      tokenizer: approximateTokenizer,
      summarizer: fake.summarize,
      compaction: { injectedContextTokens: 45 },
    });
    await session.beginTurn(turn, "one");
    await session.recordTouchedPaths(["/repo/go/server/main.go"]);
    await session.recordTouchedPaths(["/repo/web/a.ts"]);
    const report = await session.compact();
    // A block costs about 20 tokens (bytes/4): the two newest fit in 45.
    expect(nestedFolders(session.history())).toEqual(["/repo/go/server", "/repo/web"]);
    expect(report?.warnings).toEqual([
      expect.objectContaining({
        code: "compaction-dropped-injected-context",
        kinds: ["nested_agents_md"],
        message: expect.stringContaining("# AGENTS.md instructions for /repo/go"),
      }),
    ]);
    // The folder left out is handed out again when a tool goes back there.
    expect((await session.recordTouchedPaths(["/repo/go/a.go"])).directories).toEqual(["/repo/go"]);
  });

  it("refuses wrong arguments before it records anything", async () => {
    const session = createSession(options());
    await session.beginTurn(turn, "one");
    const before = session.history().length;
    // @ts-expect-error: paths are strings
    await expect(session.recordTouchedPaths([42])).rejects.toThrowError(/^invalid paths: \[0\]: /);
    await expect(session.recordTouchedPaths([""])).rejects.toThrowError(SessionError);
    // @ts-expect-error: no such option
    await expect(session.recordTouchedPaths([], { tracker: {} })).rejects.toThrowError(
      /^invalid options: tracker: /,
    );
    const loaded = await discoverAgentsMd({ cwd: "/repo", fs });
    await session.beginTurn({ ...turn, agentsMd: loaded }, "two");
    const after = session.history().length;
    await expect(session.recordTouchedPaths(["/repo/go/a.go"])).rejects.toThrowError(
      /^invalid options: fs: /,
    );
    expect((await session.recordTouchedPaths(["/repo/go/a.go"], { fs })).directories).toEqual([
      "/repo/go",
    ]);
    expect(before).toBeLessThan(after);
    await expect(
      runTurn({
        session,
        turnContext: turn,
        userInput: "Read.",
        callModel: async () => ({
          items: [{ type: "function_call", call_id: "c", name: "read", arguments: "{}" }],
        }),
        runTool: async () => "ok",
        // @ts-expect-error: a path is a string
        touchedPaths: () => [7],
      }),
    ).rejects.toThrowError(/^invalid touchedPaths: \[0\]: /);
    await expect(
      runTurn({
        session,
        turnContext: turn,
        userInput: "Read.",
        callModel: async () => ({ items: [] }),
        runTool: async () => "ok",
        // @ts-expect-error: a function
        touchedPaths: ["/repo/go"],
      }),
    ).rejects.toThrowError(/^invalid options: touchedPaths: /);
  });

  it("records the blocks again after the project's AGENTS.md changes, so its notice cancels none of them", async () => {
    const session = createSession(options());
    const before = await discoverAgentsMd({ cwd: "/repo", fs });
    await session.beginTurn({ ...turn, agentsMd: before }, "one");
    await session.recordTouchedPaths(["/repo/go/main.go"], { fs });
    await session.record([assistant("a1")]);
    const edited = createMemoryFileSystem({ "/repo/AGENTS.md": "New root rule." });
    const after = await discoverAgentsMd({ cwd: "/repo", fs: edited });
    const changed = texts((await session.beginTurn({ ...turn, agentsMd: after }, "two")).input);
    const notice = changed.findLastIndex((text) =>
      text.includes("take the place of every AGENTS.md block"),
    );
    expect(notice).toBeGreaterThan(0);
    expect(changed.findLastIndex((text) => text.includes("Run go vet."))).toBeGreaterThan(notice);
    await session.record([assistant("a2")]);
    // Unchanged: nothing is sent again.
    const same = (await session.beginTurn({ ...turn, agentsMd: after }, "three")).input;
    expect(texts(same.slice(-1))).toEqual(["three"]);
    await session.record([assistant("a3")]);
    const gone = await discoverAgentsMd({
      cwd: "/repo",
      fs: createMemoryFileSystem({ "/repo/x": "" }),
    });
    const withdrawn = texts((await session.beginTurn({ ...turn, agentsMd: gone }, "four")).input);
    const withdrawal = withdrawn.findLastIndex((text) => text.includes("no longer apply"));
    expect(withdrawal).toBeGreaterThan(notice);
    expect(withdrawn.findLastIndex((text) => text.includes("Run go vet."))).toBeGreaterThan(
      withdrawal,
    );
  });

  it("records nothing before a turn with AGENTS.md", async () => {
    const session = createSession(options());
    expect(await session.recordTouchedPaths(["/repo/go/a.go"])).toEqual({
      directories: [],
      warnings: [],
    });
    expect(session.history()).toEqual([]);
  });
});
