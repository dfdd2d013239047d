import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { describeLayout, layoutOf } from "./layout.js";

const registry = createStandardRegistry();
const message = (role: string, ...texts: string[]) => ({
  type: "message",
  role,
  content: texts.map((text) => ({ type: "input_text", text })),
});

describe("layoutOf", () => {
  const items = [
    { type: "additional_tools", role: "developer", tools: [] },
    message("developer", "You are a helpful agent."),
    message(
      "developer",
      "<permissions instructions>\nx\n</permissions instructions>",
      "<unknown_section>\n</unknown_section>",
    ),
    message("user", "<environment_context>\n</environment_context>"),
    message("user", "Add a health check."),
  ];

  it("names each text's kind, the leading base instructions and what the registry cannot classify", () => {
    expect(describeLayout(layoutOf(items, registry))).toEqual([
      "additional_tools",
      "developer: base_instructions",
      "developer: permissions_instructions, unrecognised",
      "user: environment_context",
      "user: user_input",
    ]);
  });

  it("lets an extra label win, and reads no base instructions when told the input has none", () => {
    const layout = layoutOf(items.slice(1, 2), registry, {
      leadingBase: false,
      extraLabel: (role, text) =>
        role === "developer" && text.startsWith("You") ? "developer_instructions" : undefined,
    });
    expect(describeLayout(layout)).toEqual(["developer: developer_instructions"]);
    expect(describeLayout(layoutOf(items.slice(1, 2), registry, { leadingBase: false }))).toEqual([
      "developer: unrecognised",
    ]);
  });
});
