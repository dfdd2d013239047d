import { describe, expect, it } from "vitest";
import { anthropicBlocks, openAIBlocks } from "./request-blocks.js";

describe("anthropicBlocks", () => {
  it("reads tools, system and each content block, leaving the cache marks out of the keys", () => {
    const mark = { type: "ephemeral" };
    const blocks = anthropicBlocks({
      tools: [{ name: "shell", cache_control: mark }],
      system: "Be brief.",
      messages: [
        { role: "user", content: "Hi." },
        {
          role: "assistant",
          content: [
            { type: "text", text: "A" },
            { type: "text", text: "B", cache_control: { ...mark, ttl: "1h" } },
          ],
        },
      ],
    });
    expect(blocks.map((block) => block.breakpoint)).toEqual([
      "5m",
      undefined,
      undefined,
      undefined,
      "1h",
    ]);
    expect(blocks.map((block) => JSON.parse(block.key))).toEqual([
      { tool: true, block: { name: "shell" } },
      { system: true, block: { type: "text", text: "Be brief." } },
      { role: "user", opens: true, block: { type: "text", text: "Hi." } },
      { role: "assistant", opens: true, block: { type: "text", text: "A" } },
      { role: "assistant", opens: false, block: { type: "text", text: "B" } },
    ]);
  });

  it("tells one message of two blocks from two messages of one", () => {
    const text = (value: string) => ({ type: "text", text: value });
    const one = anthropicBlocks({ messages: [{ role: "user", content: [text("a"), text("b")] }] });
    const two = anthropicBlocks({
      messages: [
        { role: "user", content: [text("a")] },
        { role: "user", content: [text("b")] },
      ],
    });
    expect(one[1]?.key).not.toBe(two[1]?.key);
  });
});

describe("openAIBlocks", () => {
  it("reads each tool, the instructions, then each input item", () => {
    const blocks = openAIBlocks({
      tools: [{ name: "shell" }],
      instructions: "Be brief.",
      input: "Hi.",
    });
    expect(blocks.map((block) => JSON.parse(block.key))).toEqual([
      { tool: { name: "shell" } },
      { instructions: "Be brief." },
      { role: "user", content: "Hi." },
    ]);
  });
});
