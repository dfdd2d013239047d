import { readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { describe, expect, it } from "vitest";
import { parseCodexRolloutLine } from "./parse-codex-rollout-line.js";

describe("parseCodexRolloutLine", () => {
  it("reads what each kind of line says", () => {
    expect(
      parseCodexRolloutLine({
        type: "session_meta",
        payload: { id: "s", cwd: "/r", cli_version: "0.171.0", base_instructions: { text: "Be." } },
      }),
    ).toEqual({
      type: "session_meta",
      id: "s",
      cwd: "/r",
      version: "0.171.0",
      baseInstructions: "Be.",
    });
    expect(
      parseCodexRolloutLine({ type: "turn_context", payload: { turn_id: "t", model: "m" } }),
    ).toEqual({ type: "turn_context", turnId: "t", model: "m" });
    expect(
      parseCodexRolloutLine({
        type: "event_msg",
        payload: {
          type: "token_count",
          info: { last_token_usage: { input_tokens: 9, output_tokens: 2 }, total_token_usage: {} },
        },
      }),
    ).toEqual({
      type: "token_count",
      usage: { inputTokens: 9, cachedInputTokens: 0, outputTokens: 2, reasoningOutputTokens: 0 },
      total: "{}",
    });
    expect(
      parseCodexRolloutLine({ type: "event_msg", payload: { type: "thread_rolled_back" } }),
    ).toEqual({ type: "thread_rolled_back", turns: 1 });
    // Codex 0.171's paginated rollouts: a completed UserMessage is what the user typed.
    const completed = (item: object) => ({
      type: "event_msg",
      payload: { type: "item_completed", item },
    });
    expect(
      parseCodexRolloutLine(
        completed({
          type: "UserMessage",
          content: [
            { type: "text", text: "Look at ", text_elements: [] },
            { type: "image", url: "x" },
            { type: "text", text: "this." },
          ],
        }),
      ),
    ).toEqual({ type: "user_message", message: "Look at this." });
    expect(
      parseCodexRolloutLine(
        completed({ type: "AgentMessage", content: [{ type: "Text", text: "Done." }] }),
      ),
    ).toEqual({ type: "other", recordType: "event_msg" });
    expect(
      parseCodexRolloutLine({ type: "event_msg", payload: { type: "agent_reasoning" } }),
    ).toEqual({ type: "other", recordType: "event_msg" });
  });

  it("gives undefined for what is no Codex line", () => {
    for (const value of [
      null,
      3,
      [],
      { type: "user" },
      { payload: {} },
      { type: 1, payload: {} },
    ]) {
      expect(parseCodexRolloutLine(value)).toBeUndefined();
    }
  });

  it("reads every line of the real Codex rollouts as a Codex line", () => {
    for (const name of codexRolloutNames) {
      const lines = readFileSync(codexRolloutPath(name), "utf8")
        .split("\n")
        .filter((line) => line !== "");
      const read = lines.map((line) => parseCodexRolloutLine(JSON.parse(line)));
      expect(read.filter((line) => line === undefined)).toEqual([]);
      expect(read.some((line) => line?.type === "user_message")).toBe(true);
    }
  });
});
