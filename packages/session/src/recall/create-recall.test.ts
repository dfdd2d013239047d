import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { toolCall as call, output, assistant as said } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { forkSession } from "../log/fork-session.js";
import { SessionError } from "../session-error.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { createRecall } from "./create-recall.js";
import { recallToolDefinition } from "./recall-tool.js";

const turnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

/** Three turns, then a compaction, then a fourth turn, on a memory store. */
async function compactedSession() {
  const store = createMemoryRolloutStore();
  const session = createSession({ store, sessionId: "s", tokenizer: approximateTokenizer });
  const turns: [string, ResponseItem[]][] = [
    ["Never push to main; open a pull request.", [said("Understood.")]],
    [
      "Read the parser.",
      [
        call("c1", "read_file", { path: "src/parser.ts" }),
        output("c1", "export function parse() {}"),
        said("It parses."),
      ],
    ],
    [
      "Run the tests.",
      [call("c2", "shell", { command: "pnpm test" }), output("c2", "3 passed"), said("All green.")],
    ],
  ];
  for (const [text, items] of turns) {
    await session.beginTurn(turnContext, text);
    await session.record(items);
  }
  await session.compact();
  await session.beginTurn(turnContext, "Go on.");
  return { store, session };
}

describe("createRecall", () => {
  it("reads back exact items a compaction summarised away, with their turn and who wrote them", async () => {
    const { store } = await compactedSession();
    const recall = createRecall(store, { sessionId: "s" });
    expect(await recall.search({ text: "NEVER PUSH" })).toEqual({
      matched: 1,
      items: [
        {
          turn: 1,
          from: "user",
          type: "message",
          text: "Never push to main; open a pull request.",
        },
      ],
    });
    expect((await recall.search({ tool: "read_file" })).items).toEqual([
      {
        turn: 2,
        from: "model",
        type: "function_call",
        tool: "read_file",
        text: '{"path":"src/parser.ts"}',
      },
      {
        turn: 2,
        from: "tool",
        type: "function_call_output",
        tool: "read_file",
        text: "export function parse() {}",
      },
    ]);
    expect((await recall.search({ path: "src/parser.ts" })).matched).toBe(1);
    const third = await recall.search({ turns: { from: 3, to: 3 } });
    expect(third.items.filter((item) => item.from !== "context").map((item) => item.text)).toEqual([
      "Run the tests.",
      '{"command":"pnpm test"}',
      "3 passed",
      "All green.",
    ]);
  });

  it("leaves out the turns a rollback dropped, and reads a fork's parent", async () => {
    const { store, session } = await compactedSession();
    await session.record([said("Going on.")]);
    await session.beginTurn(turnContext, "Delete the parser.");
    await session.rollback(1);
    const recall = createRecall(store, { sessionId: "s" });
    expect((await recall.search({ text: "delete the parser" })).matched).toBe(0);
    await forkSession(store, { sessionId: "s", forkId: "f" });
    expect(
      (await createRecall(store, { sessionId: "f" }).search({ text: "never push" })).matched,
    ).toBe(1);
  });

  it("answers the tool within its byte limit, cutting long texts and saying how to narrow", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store, sessionId: "long", tokenizer: approximateTokenizer });
    for (let turn = 0; turn < 30; turn += 1) {
      await session.beginTurn(turnContext, `Step ${turn}: ${"x".repeat(3000)}`);
      await session.record([said("ok")]);
    }
    const answer = await createRecall(store, { sessionId: "long", maxBytes: 4096 }).run(
      '{"text":"step"}',
    );
    expect(new TextEncoder().encode(answer).length).toBeLessThanOrEqual(4096);
    const parsed = JSON.parse(answer) as {
      matched: number;
      items: { text: string }[];
      note: string;
    };
    expect(parsed.matched).toBe(30);
    expect(parsed.items).toHaveLength(20);
    expect(parsed.items[0]?.text).toMatch(/^Step 0: x+…\d+ tokens truncated…x+$/);
    expect(parsed.note).toMatch(/30 items matched; the first 20 are shown/);
  });

  it("tells the model what was wrong with its arguments, and the caller what was wrong with its own", async () => {
    const { store } = await compactedSession();
    const recall = createRecall(store, { sessionId: "s" });
    expect(await recall.run("{not json")).toMatch(/^The recall arguments were not used: /);
    expect(await recall.run("{}")).toMatch(/give at least one of turns, text, tool or path/);
    expect(await recall.run('{"limit":0,"text":"a"}')).toMatch(/query: limit/);
    await expect(recall.search({})).rejects.toThrow(SessionError);
    await expect(recall.run(3 as unknown as string)).rejects.toMatchObject({
      code: "invalid-argument",
    });
    expect(() => createRecall(store, { sessionId: "s", maxBytes: 10 })).toThrow(
      /options: maxBytes/,
    );
    expect(() => createRecall({} as never, { sessionId: "s" })).toThrow(/store/);
  });
});

describe("compaction.recallTool", () => {
  const summaryText = (session: Awaited<ReturnType<typeof compactedSession>>["session"]) => {
    const summary = session
      .history()
      .find(
        (entry) =>
          entry.origin.source === "model" &&
          entry.item.type === "message" &&
          entry.item.role === "user",
      );
    return summary?.item.type === "message"
      ? summary.item.content.map((part) => ("text" in part ? part.text : "")).join("")
      : "";
  };

  it("ends each summary with a sentence naming the recall tool, and nothing without it", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({
      store,
      sessionId: "told",
      tokenizer: approximateTokenizer,
      compaction: { recallTool: recallToolDefinition.name },
    });
    await session.beginTurn(turnContext, "Never push to main.");
    await session.record([said("Noted.")]);
    await session.compact();
    expect(summaryText(session)).toMatch(
      /\n\nNothing from before this summary is lost: the recall tool reads back/,
    );
    const { session: plain } = await compactedSession();
    expect(summaryText(plain)).not.toContain("recall tool");
    expect(() => createSession({ compaction: { recallTool: "two words" } })).toThrow(
      /options: compaction\.recallTool/,
    );
  });
});
