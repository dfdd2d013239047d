import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { layoutOf } from "./layout.js";
import { unrecognisedTexts } from "./unrecognised-texts.js";

const message = (role: string, ...texts: string[]) => ({
  type: "message",
  role,
  content: texts.map((text) => ({ type: "input_text", text })),
});

describe("unrecognisedTexts", () => {
  it("names the developer and user texts no kind, label or prompt accounts for", () => {
    const layout = layoutOf(
      [
        message("developer", "Base instructions."),
        message("developer", "<model_instructions>\nBe brief.\n</model_instructions>"),
        message("developer", "<brand_new_block>\nx\n</brand_new_block>"),
        message("user", "<environment_context>\n  <cwd>/r</cwd>\n</environment_context>"),
        message("user", "Add a health check."),
        message("user", "<another_new_block>y</another_new_block>"),
        message(
          "developer",
          "<permissions instructions>\nx\n</permissions instructions>",
          "\nNew: a text that opens with a line break.\n",
        ),
      ],
      createStandardRegistry(),
    );
    expect(unrecognisedTexts(layout, new Set(["Add a health check."]))).toEqual([
      "developer: <brand_new_block>",
      "user: <another_new_block>y</another_new_block>",
      "developer: New: a text that opens with a line break.",
    ]);
  });
});
