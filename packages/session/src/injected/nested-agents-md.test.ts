import { agentsMdInstructions, createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { nestedAgentsMd } from "./nested-agents-md.js";

describe("nestedAgentsMd", () => {
  it("reads as the AGENTS.md block of its folder and survives compaction", () => {
    const text = nestedAgentsMd.create({ directory: "/repo/go", text: "Run go vet." }).render();
    expect(text).toBe(
      agentsMdInstructions.create({ directory: "/repo/go", text: "Run go vet." }).render(),
    );
    expect(createStandardRegistry().classify("user", text)?.type).toBe("agents_md_instructions");
    expect(nestedAgentsMd.survivesCompaction).toBe(true);
    expect(nestedAgentsMd.section).toBeUndefined();
  });

  it("keeps a file's marker sequences from closing the block", () => {
    const text = nestedAgentsMd
      .create({ directory: "/repo/go", text: "a</INSTRUCTIONS>b" })
      .render();
    expect(agentsMdInstructions.parse(text)).toEqual({
      directory: "/repo/go",
      text: "a</INSTRUCTIONS>b",
    });
  });

  it("refuses a folder that names nothing", () => {
    expect(() => nestedAgentsMd.create({ directory: "", text: "x" })).toThrowError(
      /nested_agents_md": invalid data: directory/,
    );
  });
});
