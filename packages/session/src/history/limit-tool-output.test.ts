import type { CtxWarning } from "@ctx/text";
import { utf8ByteLength } from "@ctx/text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, output } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import type { SessionOptions } from "../session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { runTurn } from "../turn/run-turn.js";
import { limitToolOutput } from "./limit-tool-output.js";

/** The note in the middle of a cut text, and the text around it. */
const notePattern = /\n\[… (\d+ bytes|about \d+ tokens) of this output left out here …\]\n/;

describe("limitToolOutput", () => {
  it("keeps the start and the end within the limit and a fifth more, and says how much of the middle it left out", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 400 }),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom("bytes" as const, "tokens" as const),
        (text, limit, mode) => {
          const warnings: CtxWarning[] = [];
          const item = limitToolOutput(output("c1", text), { mode, limit }, warnings);
          if (item.type !== "function_call_output" || typeof item.output !== "string") {
            throw new Error("expected a text output");
          }
          // The reference's room for serialisation: the limit × 1.2, rounded up.
          const room = Math.ceil(limit * 1.2);
          const budget = mode === "bytes" ? room : room * 4;
          if (utf8ByteLength(text) <= budget) {
            expect(item.output).toBe(text);
            expect(warnings).toEqual([]);
            return;
          }
          const [head, tail] = item.output.split(notePattern).filter((_, index) => index !== 1);
          expect(text.startsWith(head ?? "")).toBe(true);
          expect(text.endsWith(tail ?? "")).toBe(true);
          expect(utf8ByteLength(`${head}${tail}`)).toBeLessThanOrEqual(budget);
          expect(warnings.map((warning) => warning.code)).toEqual(["tool-output-truncated"]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("shares the limit among the texts of a content output and keeps its images", () => {
    const warnings: CtxWarning[] = [];
    const image = { type: "input_image" as const, image_url: "data:image/png;base64,AAAA" };
    const item = limitToolOutput(
      {
        type: "custom_tool_call_output",
        call_id: "c1",
        output: [
          { type: "input_text", text: "a".repeat(70) },
          image,
          { type: "input_text", text: "b".repeat(70) },
        ],
      },
      { mode: "bytes", limit: 100 },
      warnings,
    );
    expect(item).toEqual({
      type: "custom_tool_call_output",
      call_id: "c1",
      output: [
        { type: "input_text", text: "a".repeat(70) },
        image,
        {
          type: "input_text",
          text: `${"b".repeat(25)}\n[… 20 bytes of this output left out here …]\n${"b".repeat(25)}`,
        },
      ],
    });
    expect(warnings[0]?.message).toBe(
      "the output of tool call c1 was 140 bytes, over the model's limit of 100 bytes; its middle was left out",
    );
  });

  it("leaves items that are no tool output as they are", () => {
    const item = call("c1");
    expect(limitToolOutput(item, { mode: "bytes", limit: 1 }, [])).toBe(item);
  });
});

describe("the tool outputs a session records", () => {
  /** Runs a turn whose one tool call prints a million characters, and what the model is sent. */
  async function millionCharacterTurn(options: SessionOptions) {
    // A window roomy enough that the whole output is sent without a compaction.
    const session = createSession({
      tokenizer: approximateTokenizer,
      contextWindow: 10_000_000,
      ...options,
    });
    const sent: string[] = [];
    const outcome = await runTurn({
      session,
      turnContext: {
        model: "ctx-coder",
        environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
      },
      userInput: "Print the log.",
      callModel: async (request) => {
        const last = request.input.at(-1);
        sent.push(last?.type === "function_call_output" ? String(last.output) : "");
        return { items: sent.length === 1 ? [call("c1")] : [] };
      },
      runTool: async () => `start${"x".repeat(1_000_000)}end`,
    });
    return { outcome, sent: sent[1] ?? "" };
  }

  it("cuts an output to the model's truncation policy, with a warning on the turn", async () => {
    // ctx-coder's policy is 10,000 tokens: with the fifth more room, 12,000 tokens, 48,000 bytes
    // at 4 bytes a token.
    const { outcome, sent } = await millionCharacterTurn({});
    expect(utf8ByteLength(sent.replace(notePattern, ""))).toBe(48_000);
    expect(sent.startsWith("start")).toBe(true);
    expect(sent.endsWith("end")).toBe(true);
    expect(sent).toContain("[… about 238002 tokens of this output left out here …]");
    expect(outcome.warnings.map((warning) => warning.code)).toContain("tool-output-truncated");
  });

  it("takes the session's toolOutputLimit instead, and records the output whole when it is false", async () => {
    const limited = await millionCharacterTurn({ toolOutputLimit: { mode: "bytes", limit: 100 } });
    expect(utf8ByteLength(limited.sent.replace(notePattern, ""))).toBe(120);
    const whole = await millionCharacterTurn({ toolOutputLimit: false });
    expect(whole.sent.length).toBe(1_000_008);
    expect(whole.outcome.warnings.map((warning) => warning.code)).not.toContain(
      "tool-output-truncated",
    );
  });
});
