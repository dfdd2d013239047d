import { describe, expect, it } from "vitest";
import { agentsMdOfPromptInput } from "./agents-md-of-prompt-input.js";

const user = (...texts: string[]) => ({
  type: "message",
  role: "user",
  content: texts.map((text) => ({ type: "input_text", text })),
});

describe("agentsMdOfPromptInput", () => {
  it("returns the text between the markers and the header's folder relative to the base", () => {
    expect(
      agentsMdOfPromptInput(
        [
          user(
            "# AGENTS.md instructions for /base/a\n\n<INSTRUCTIONS>\nrule\n\n</INSTRUCTIONS>",
            "<environment_context>\n</environment_context>",
          ),
        ],
        "/base",
      ),
    ).toEqual({ text: "rule\n", directory: "a" });
  });

  it("names no folder for global text and '.' for the base itself", () => {
    expect(
      agentsMdOfPromptInput(
        [user("# AGENTS.md instructions\n\n<INSTRUCTIONS>\ng\n</INSTRUCTIONS>")],
        "/b",
      ),
    ).toEqual({ text: "g", directory: null });
    expect(
      agentsMdOfPromptInput(
        [user("# AGENTS.md instructions for /b\n\n<INSTRUCTIONS>\nr\n</INSTRUCTIONS>")],
        "/b",
      ),
    ).toEqual({ text: "r", directory: "." });
  });

  it("returns null when no user message holds the fragment", () => {
    expect(agentsMdOfPromptInput([user("# AGENTS.md instructions are not here")], "/b")).toBeNull();
  });
});
