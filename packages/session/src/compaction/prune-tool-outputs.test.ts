import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { prunedOutputText, pruneToolOutputs } from "./prune-tool-outputs.js";

const output = (callId: string, tokens: number): ResponseItem => ({
  type: "function_call_output",
  call_id: callId,
  output: "x".repeat(tokens * 4),
});
const call = (callId: string): ResponseItem => ({
  type: "function_call",
  call_id: callId,
  name: "shell",
  arguments: "{}",
});

describe("pruneToolOutputs", () => {
  const items = [
    call("a"),
    output("a", 500),
    call("b"),
    output("b", 500),
    call("c"),
    output("c", 300),
  ];

  it("clears outputs older than the protected budget, keeping every call", () => {
    const { items: pruned, warnings } = pruneToolOutputs(items, approximateTokenizer, {
      protectTokens: 600,
      minimumTokens: 100,
    });
    expect(pruned.map((item) => ("output" in item ? item.output : item.type))).toEqual([
      "function_call",
      prunedOutputText,
      "function_call",
      prunedOutputText,
      "function_call",
      "x".repeat(1_200),
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(["tool-outputs-pruned"]);
  });

  it("changes nothing when the saving is too small", () => {
    const result = pruneToolOutputs(items, approximateTokenizer, {
      protectTokens: 600,
      minimumTokens: 5_000,
    });
    expect(result).toEqual({ items, warnings: [] });
  });
});
