import { createOpenAICache } from "@ctx/adapter-testing";
import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { toResponsesParams } from "./to-responses-params.js";

const message = (role: "user" | "developer" | "assistant", text: string): ResponseItem => ({
  type: "message",
  role,
  content: [{ type: role === "assistant" ? "output_text" : "input_text", text }],
});
const round = (turn: number, width: number): ResponseItem[] => [
  ...Array.from({ length: width }, (_, index) => ({
    type: "function_call" as const,
    call_id: `c${turn}-${index}`,
    name: "shell",
    arguments: "{}",
  })),
  ...Array.from({ length: width }, (_, index) => ({
    type: "function_call_output" as const,
    call_id: `c${turn}-${index}`,
    output: `line ${turn}-${index} `.repeat(80),
  })),
];
const opening = [
  message("developer", "Sandbox: workspace-write. ".repeat(200)),
  message("user", "Go."),
];

/** The indexes of the input items that carry a breakpoint. */
const marked = (input: readonly object[]): number[] =>
  input.flatMap((item, index) =>
    JSON.stringify(item).includes('"prompt_cache_breakpoint":{"mode":"explicit"}') ? [index] : [],
  );

describe("toResponsesParams with explicit prompt caching", () => {
  it("marks the opening context and the last item that can carry a mark, and asks for explicit mode", () => {
    const input = [...opening, ...round(0, 2)];
    const params = toResponsesParams(
      { instructions: "Be brief.", input },
      { promptCache: { mode: "explicit", ttl: "12h" } },
    );
    expect(params.prompt_cache_options).toEqual({ mode: "explicit", ttl: "12h" });
    expect(marked(params.input)).toEqual([0, 5]);
    expect(params.input[5]).toMatchObject({
      type: "function_call_output",
      output: [{ type: "input_text", prompt_cache_breakpoint: { mode: "explicit" } }],
    });
    // Without the option nothing changes: tool outputs stay text, no breakpoint is sent.
    const plain = toResponsesParams({ instructions: "Be brief.", input });
    expect(marked(plain.input)).toEqual([]);
    expect(plain.prompt_cache_options).toBeUndefined();
    expect(plain.input[5]).toMatchObject({ output: expect.any(String) });
  });

  it("lets each request read the previous one whole, however many items it adds", () => {
    const cache = createOpenAICache();
    const history = [...opening];
    let at = 0;
    for (let turn = 0; turn < 4; turn += 1) {
      history.push(...round(turn, 12));
      const body = {
        model: "gpt-5.6",
        ...toResponsesParams(
          { instructions: "Be brief.", input: history },
          { promptCache: { mode: "explicit" } },
        ),
      };
      at += 60_000;
      const usage = cache.serve(body, at);
      if (turn > 0)
        expect([usage.cachedTokens, usage.sharedTokens > 4000]).toEqual([usage.sharedTokens, true]);
      history.push(message("assistant", `Turn ${turn} done.`), message("user", "Go on."));
    }
  });

  it("refuses a lifetime OpenAI does not offer", () => {
    expect(() =>
      toResponsesParams(
        { instructions: "", input: [] },
        // @ts-expect-error: not a lifetime of explicit caching.
        { promptCache: { mode: "explicit", ttl: "1h" } },
      ),
    ).toThrowError(/promptCache/);
  });
});
