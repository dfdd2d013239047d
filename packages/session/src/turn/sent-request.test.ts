import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { assistant, call } from "../__fixtures__/items.js";
import { PromptBuilder } from "../history/prompt-builder.js";
import { sentRequestPrefix, viewOfSentRequest } from "./sent-request.js";

const user = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});

describe("sentRequestPrefix", () => {
  it("keeps the leading context and as many items again as the compacted history holds, plus one", () => {
    const builder = new PromptBuilder();
    builder.append({
      item: user("<environment_context>\n</environment_context>"),
      origin: { source: "context", kinds: ["environment_context"] },
    });
    for (let turn = 0; turn < 50; turn += 1) {
      builder.append({ item: user(`turn ${turn}`), origin: { source: "user" } });
      builder.append({ item: assistant(`answer ${turn}`), origin: { source: "model" } });
    }
    const kept = sentRequestPrefix(builder.view({ imageInput: true }), 3);
    expect(kept.items).toHaveLength(1 + 3 + 1);
    expect(kept.origins.map((origin) => origin?.source)).toEqual([
      "context",
      "user",
      "model",
      "user",
      "model",
    ]);
  });

  it("keeps a synthetic output with no origin, and reads back as the view it was taken from", () => {
    const builder = new PromptBuilder();
    builder.append({ item: user("go"), origin: { source: "user" } });
    builder.append({ item: call("c1"), origin: { source: "model" } });
    const view = builder.view({ imageInput: true });
    const kept = sentRequestPrefix(view, 5);
    expect(kept.items).toEqual([...view.items]);
    expect(kept.origins).toEqual([{ source: "user" }, { source: "model" }, undefined]);
    const again = viewOfSentRequest(kept);
    expect([...again.items]).toEqual([...view.items]);
    expect([0, 1, 2].map((index) => again.entryAt(index))).toEqual(
      [0, 1, 2].map((index) => view.entryAt(index)),
    );
  });
});
