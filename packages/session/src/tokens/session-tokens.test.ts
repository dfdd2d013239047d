import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { spyTokenizer } from "../__fixtures__/spy-tokenizer.js";
import { createSession } from "../create-session.js";
import { resumeSession } from "../log/resume-session.js";
import { SessionError } from "../session-error.js";
import type { TurnContext } from "../turn/turn-context.js";
import { approximateTokenizer } from "./approximate-tokenizer.js";
import { countItemTokens, imageTokens } from "./count-item-tokens.js";

const context: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
};

const reply = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

/** A tool call with its output, then a reply: the name and arguments, output and reply to count. */
const toolTurn = (id: string): ResponseItem[] => [
  { type: "function_call", call_id: id, name: "shell", arguments: '{"command":"ls"}' },
  { type: "function_call_output", call_id: id, output: "a.ts\nb.ts" },
  reply(`done ${id}`),
];

describe("session.tokenUsage", () => {
  // First in the file: the default tokenizer is not loaded yet in this module graph.
  it("reports the bytes/4 estimate until the default tokenizer loads, then o200k_base", async () => {
    const session = createSession();
    expect(session.tokenUsage()).toEqual({
      used: 0,
      source: "counted",
      counted: 0,
      limit: undefined,
      window: undefined,
      usableWindow: undefined,
      tokenizer: "bytes/4",
      byKind: [],
      largestItems: [],
    });
    await session.beginTurn(context, "hello");
    expect(session.tokenUsage().tokenizer).toBe("o200k_base");
  });

  it("counts the instructions and every item of the next request, split by kind", async () => {
    const tokenizer = spyTokenizer();
    const session = createSession({ tokenizer });
    const request = await session.beginTurn(
      { ...context, developerInstructions: "Keep answers short." },
      "Fix the tests.",
    );
    await session.record([
      { type: "function_call", call_id: "c1", name: "shell", arguments: '{"command":"ls"}' },
    ]);
    const usage = session.tokenUsage();
    const aborted: ResponseItem = {
      type: "function_call_output",
      call_id: "c1",
      output: "aborted",
    };
    const items = [
      ...request.input,
      ...session
        .history()
        .slice(-1)
        .map(({ item }) => item),
      aborted,
    ];
    const instructions = approximateTokenizer.count(request.instructions);
    expect(usage.used).toBe(
      instructions +
        items.reduce((total, item) => total + countItemTokens(item, approximateTokenizer), 0),
    );
    expect(usage.tokenizer).toBe("spy");
    expect(usage.byKind.reduce((total, { tokens }) => total + tokens, 0)).toBe(usage.used);
    expect(usage.byKind.map(({ kind }) => kind).sort()).toEqual(
      [
        "developer_instructions",
        "environment_context",
        "instructions",
        "model",
        "permissions_instructions",
        "tool",
        "user",
      ].sort(),
    );
    const tokens = usage.byKind.map((entry) => entry.tokens);
    expect(tokens).toEqual([...tokens].sort((left, right) => right - left));
    expect(usage.byKind.find(({ kind }) => kind === "tool")?.tokens).toBe(
      countItemTokens(aborted, approximateTokenizer),
    );
    expect(usage.byKind.find(({ kind }) => kind === "user")?.tokens).toBe(
      approximateTokenizer.count("Fix the tests."),
    );
  });

  it("takes the limits of the latest turn's model and the configured limit", async () => {
    const session = createSession({
      tokenizer: approximateTokenizer,
      autoCompactTokenLimit: 100_000,
    });
    await session.beginTurn(context, "hi");
    expect(session.tokenUsage()).toMatchObject({
      window: 272_000,
      usableWindow: 258_400,
      limit: 100_000,
    });
    const unlimited = createSession({ tokenizer: approximateTokenizer });
    await unlimited.beginTurn(context, "hi");
    expect(unlimited.tokenUsage().limit).toBe(244_800);
  });

  it("refuses a limit that is not a positive whole number and a tokenizer without count", () => {
    for (const autoCompactTokenLimit of [0, -5, 1.5, Number.NaN]) {
      expect(() => createSession({ autoCompactTokenLimit })).toThrow(SessionError);
      expect(() => createSession({ autoCompactTokenLimit })).toThrow(
        "options: autoCompactTokenLimit",
      );
    }
    expect(() => Reflect.apply(createSession, undefined, [{ tokenizer: { name: "x" } }])).toThrow(
      "options: tokenizer",
    );
  });

  it("counts only the items a turn added, however long the history", async () => {
    const tokenizer = spyTokenizer();
    const session = createSession({ tokenizer });
    const added: number[] = [];
    for (let turn = 0; turn < 30; turn += 1) {
      const before = tokenizer.calls;
      await session.beginTurn(context, `request ${turn}`);
      await session.record(toolTurn(`c${turn}`));
      session.tokenUsage();
      added.push(tokenizer.calls - before);
    }
    // The first turn counts the instructions and the context; each later one counts the user's
    // message (as its request is sent), the call's name and arguments, the output and the
    // reply: five texts.
    expect(added.slice(1)).toEqual(Array.from({ length: 29 }, () => 5));
    const before = tokenizer.calls;
    session.tokenUsage();
    expect(tokenizer.calls).toBe(before);
  });

  it("sums again from the kept counts after a rollback, without the tokenizer", async () => {
    const tokenizer = spyTokenizer();
    const session = createSession({ tokenizer });
    await session.beginTurn(context, "first");
    const first = session.tokenUsage().used;
    await session.beginTurn(context, "second request");
    await session.record(toolTurn("c1"));
    expect(session.tokenUsage().used).toBeGreaterThan(first);
    const calls = tokenizer.calls;
    await session.rollback(1);
    expect(session.tokenUsage().used).toBe(first);
    expect(tokenizer.calls).toBe(calls);
  });

  it("names the ten largest history items with their index and origin", async () => {
    const session = createSession({ tokenizer: approximateTokenizer });
    await session.beginTurn(context, "hi");
    const items = Array.from({ length: 12 }, (_, index) => reply("x".repeat(800 * (index + 1))));
    items.push({
      type: "message",
      role: "user",
      content: [{ type: "input_image", image_url: "data:image/png;base64,AAAA" }],
    });
    await session.record(items, { source: "tool" });
    const { largestItems } = session.tokenUsage();
    const history = session.history();
    expect(largestItems.map(({ tokens }) => tokens)).toEqual([
      2_400,
      2_200,
      2_000,
      imageTokens,
      1_800,
      1_600,
      1_400,
      1_200,
      1_000,
      800,
    ]);
    expect(largestItems[0]?.index).toBe(history.length - 2);
    expect(largestItems[3]).toEqual({
      index: history.length - 1,
      origin: { source: "tool" },
      tokens: imageTokens,
    });
    for (const { index, origin } of largestItems) expect(history[index]?.origin).toEqual(origin);
  });

  it("counts an image as the text that stands for it when the model reads text only", async () => {
    const session = createSession({ tokenizer: approximateTokenizer });
    await session.beginTurn({ ...context, imageInput: false }, [
      { type: "input_image", image_url: "data:image/png;base64,AAAA" },
    ]);
    expect(session.tokenUsage().byKind.find(({ kind }) => kind === "user")?.tokens).toBeLessThan(
      imageTokens,
    );
  });

  it("counts with o200k_base and the recorded model right after a resume", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store, sessionId: "s" });
    await session.beginTurn(context, "hello");
    const used = session.tokenUsage().used;
    const resumed = await resumeSession(store, { sessionId: "s" });
    expect(resumed.tokenUsage()).toMatchObject({ used, tokenizer: "o200k_base", window: 272_000 });
  });
});

describe("session.tokenUsage with a tokenizer that fails", () => {
  it("throws, and counts from scratch once the tokenizer works again", async () => {
    let broken = false;
    const tokenizer = {
      name: "flaky",
      count: (text: string) =>
        broken && text === "boom" ? Number.NaN : approximateTokenizer.count(text),
    };
    const session = createSession({ tokenizer });
    await session.beginTurn(context, "hello");
    const before = session.tokenUsage().used;
    await session.record([reply("12345678"), reply("boom")]);
    broken = true;
    expect(() => session.tokenUsage()).toThrow(SessionError);
    broken = false;
    const usage = session.tokenUsage();
    expect(usage.used).toBe(before + 2 + 1);
    expect(usage.byKind.reduce((total, { tokens }) => total + tokens, 0)).toBe(usage.used);
  });
});
