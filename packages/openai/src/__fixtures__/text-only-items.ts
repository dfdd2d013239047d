import { sampleItems } from "@ctx/adapter-testing";
import type { ResponseItem } from "@ctx/protocol";

/** The sample items, but with a text-only output: Chat Completions tool messages hold no images. */
export const textOnlyItems = sampleItems.map(
  (item): ResponseItem =>
    item.type === "custom_tool_call_output"
      ? { ...item, output: [{ type: "input_text", text: "Done" }] }
      : item,
);
