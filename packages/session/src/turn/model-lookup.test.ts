import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import { describe, expect, it } from "vitest";
import { spyTokenizer } from "../__fixtures__/spy-tokenizer.js";
import { createSession } from "../create-session.js";
import { SessionError } from "../session-error.js";
import { runTurn } from "./run-turn.js";
import type { TurnContext } from "./turn-context.js";

const turn = (model: string): TurnContext => ({
  model,
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
});

const unknownModelWarnings = (warnings: readonly { code: string; message: string }[]) =>
  warnings.filter((warning) => warning.code === "unknown-model");

describe("the model a session looks up", () => {
  it("gives a slug the catalog lists its window and compaction limit, without a warning", async () => {
    const session = createSession({ tokenizer: spyTokenizer() });
    const request = await session.beginTurn(turn("claude-sonnet-4-5"), "Hello.");
    expect(unknownModelWarnings(request.warnings)).toEqual([]);
    const usage = session.tokenUsage();
    expect([usage.window, usage.limit, usage.usableWindow]).toEqual([200_000, 180_000, 190_000]);
  });

  it("warns on the first turn of an unknown slug, naming the window and the limit it assumes", async () => {
    const session = createSession({ tokenizer: spyTokenizer() });
    const first = await session.beginTurn(turn("claude-sonnet-9"), "Hello.");
    expect(unknownModelWarnings(first.warnings)).toEqual([
      {
        code: "unknown-model",
        message:
          'the model "claude-sonnet-9" is not in the catalog, so the session assumes a context window of 272,000 tokens and compacts at 244,800; pass its real window as the contextWindow option of createSession, or list the model in a catalog',
      },
    ]);
    const second = await session.beginTurn(turn("claude-sonnet-9"), "Go on.");
    expect(unknownModelWarnings(second.warnings)).toEqual([]);
    const switched = await session.beginTurn(turn("gpt-9"), "Now with another model.");
    expect(unknownModelWarnings(switched.warnings).map((warning) => warning.message)).toEqual([
      expect.stringContaining('"gpt-9"'),
    ]);
  });

  it("puts the warning in the outcome of runTurn's first turn", async () => {
    const session = createSession({ tokenizer: spyTokenizer() });
    const outcome = await runTurn({
      session,
      turnContext: turn("claude-sonnet-9"),
      userInput: "Hello.",
      callModel: async () => ({
        items: [
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "Hi." }] },
        ],
      }),
      runTool: async () => "",
    });
    expect(outcome.status).toBe("completed");
    expect(unknownModelWarnings(outcome.warnings)).toHaveLength(1);
  });

  it("names the session's own compaction limit in the warning when it has one", async () => {
    const session = createSession({ tokenizer: spyTokenizer(), autoCompactTokenLimit: 100_000 });
    const request = await session.beginTurn(turn("claude-sonnet-9"), "Hello.");
    expect(unknownModelWarnings(request.warnings)[0]?.message).toContain(
      "272,000 tokens and compacts at 100,000",
    );
  });

  it("takes the caller's window over the catalog's, compacts at 90% of it, and does not warn", async () => {
    const unknown = createSession({ tokenizer: spyTokenizer(), contextWindow: 128_000 });
    const request = await unknown.beginTurn(turn("claude-sonnet-9"), "Hello.");
    expect(unknownModelWarnings(request.warnings)).toEqual([]);
    const usage = unknown.tokenUsage();
    expect([usage.window, usage.limit, usage.usableWindow]).toEqual([128_000, 115_200, 121_600]);

    const known = createSession({ tokenizer: spyTokenizer(), contextWindow: 1_000_000 });
    await known.beginTurn(turn("claude-sonnet-4-5"), "Hello.");
    expect([known.tokenUsage().window, known.tokenUsage().limit]).toEqual([1_000_000, 900_000]);
  });

  it("compacts mid-turn once the reported usage reaches 90% of the caller's window", async () => {
    const session = createSession({ tokenizer: spyTokenizer(), contextWindow: 10_000 });
    await session.beginTurn(turn("claude-sonnet-9"), "List the files.");
    await session.record([
      { type: "function_call", call_id: "c1", name: "shell", arguments: '{"command":"ls"}' },
    ]);
    await session.reportUsage({ totalTokens: 8_990 });
    expect((await session.nextRequest()).compaction).toBeUndefined();
    await session.record([{ type: "function_call_output", call_id: "c1", output: "a.ts b.ts" }]);
    await session.reportUsage({ totalTokens: 9_000 });
    expect((await session.nextRequest()).compaction?.trigger).toBe("mid-turn");
  });

  it("warns only for slugs a caller's own catalog does not list", async () => {
    const catalog = createModelCatalog([
      { ...defaultModelCatalog.get("ctx-coder"), slug: "house" },
    ]);
    const session = createSession({ tokenizer: spyTokenizer(), catalog });
    const house = await session.beginTurn(turn("house"), "Hello.");
    expect(unknownModelWarnings(house.warnings)).toEqual([]);
    const other = await session.beginTurn(turn("claude-sonnet-4-5"), "Hello again.");
    expect(unknownModelWarnings(other.warnings)).toHaveLength(1);
  });

  it("refuses a window that is not a positive whole number, and a catalog without has", () => {
    for (const contextWindow of [0, -1, 1.5, "200000"]) {
      expect(() => createSession({ contextWindow: contextWindow as number })).toThrow(SessionError);
    }
    const { get } = defaultModelCatalog;
    expect(() =>
      createSession({ catalog: { get } as unknown as typeof defaultModelCatalog }),
    ).toThrow(/model catalog/);
  });
});
