import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "./origin.js";
import {
  abortedOutputText,
  imageOmittedText,
  normalizeHistory,
  PromptBuilder,
} from "./prompt-builder.js";

const model = (item: ResponseItem): HistoryEntry => ({ item, origin: { source: "model" } });
const call = (
  id: string,
  type: "function_call" | "custom_tool_call" = "function_call",
): ResponseItem =>
  type === "function_call"
    ? { type, call_id: id, name: "ls", arguments: "{}" }
    : { type, call_id: id, name: "apply", input: "x" };

describe("normalizeHistory", () => {
  it("answers a call without output with a synthetic aborted output right after it", () => {
    const items = normalizeHistory(
      [
        model(call("a")),
        model(call("b", "custom_tool_call")),
        model({ type: "function_call_output", call_id: "a", output: "done" }),
      ],
      { imageInput: true },
    );
    expect(items.map((item) => item.type)).toEqual([
      "function_call",
      "custom_tool_call",
      "custom_tool_call_output",
      "function_call_output",
    ]);
    expect(items[2]).toEqual({
      type: "custom_tool_call_output",
      call_id: "b",
      output: abortedOutputText,
    });
  });

  it("drops an output whose call is not in the history", () => {
    expect(
      normalizeHistory([model({ type: "function_call_output", call_id: "gone", output: "x" })], {
        imageInput: true,
      }),
    ).toEqual([]);
  });

  it("replaces images in messages and tool outputs for a text-only model, and only then", () => {
    const image = { type: "input_image" as const, image_url: "data:image/png;base64,AA" };
    const entries = [
      model({ type: "message", role: "user", content: [image] }),
      model(call("c")),
      model({ type: "function_call_output", call_id: "c", output: [image] }),
    ];
    const textOnly = normalizeHistory(entries, { imageInput: false });
    expect(textOnly[0]).toEqual({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: imageOmittedText }],
    });
    expect(textOnly[2]).toMatchObject({ output: [{ type: "input_text", text: imageOmittedText }] });
    expect(normalizeHistory(entries, { imageInput: true })[0]).toEqual(entries[0]?.item);
  });
});

describe("PromptBuilder", () => {
  it("tells that a later view extends an earlier one until a stand-in changes", () => {
    const builder = new PromptBuilder();
    builder.append(model(call("a")));
    const first = builder.view({ imageInput: true });
    builder.append(
      model({ type: "message", role: "assistant", content: [{ type: "output_text", text: "x" }] }),
    );
    expect(builder.view({ imageInput: true }).extends(first)).toBe(true);
    const second = builder.view({ imageInput: true });
    builder.append(model({ type: "function_call_output", call_id: "a", output: "late" }));
    const third = builder.view({ imageInput: true });
    expect(third.extends(second)).toBeUndefined();
    builder.append(
      model({ type: "message", role: "assistant", content: [{ type: "output_text", text: "y" }] }),
    );
    expect(builder.view({ imageInput: true }).extends(third)).toBe(true);
    expect(first.items).toHaveLength(2);
    expect(third.entryAt(0)?.item).toEqual(call("a"));
  });

  it("tells the history index behind each item, past dropped orphans and synthetic outputs", () => {
    const builder = new PromptBuilder();
    builder.append(model({ type: "function_call_output", call_id: "orphan", output: "x" }));
    builder.append(model(call("a")));
    builder.append(
      model({ type: "message", role: "assistant", content: [{ type: "output_text", text: "x" }] }),
    );
    const view = builder.view({ imageInput: true });
    expect(view.items.map((item) => item.type)).toEqual([
      "function_call",
      "function_call_output",
      "message",
    ]);
    expect([0, 1, 2].map((index) => view.historyIndexAt(index))).toEqual([1, undefined, 2]);
  });
});

describe("PromptBuilder.view items", () => {
  const image: ResponseItem = {
    type: "message",
    role: "user",
    content: [{ type: "input_image", image_url: "https://example.com/a.png" }],
  };

  it("is a plain array of frozen items that later appends leave as it was", () => {
    const builder = new PromptBuilder();
    builder.append(model(call("a")));
    builder.append(model(image));
    const view = builder.view({ imageInput: false });
    builder.append(model(call("b")));
    const { items } = view;
    expect(Object.getPrototypeOf(items)).toBe(Array.prototype);
    expect(items.map((item) => item.type)).toEqual([
      "function_call",
      "function_call_output",
      "message",
    ]);
    expect(items[2]).toEqual({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: imageOmittedText }],
    });
    expect(items.every((item) => Object.isFrozen(item))).toBe(true);
    expect(Object.isFrozen(image.content[0])).toBe(true);
    expect(view.items).toBe(items);
    expect(view.itemAt(1)).toBe(items[1]);
    expect(view.itemAt(3)).toBeUndefined();
    builder.append(model({ type: "function_call_output", call_id: "a", output: "done" }));
    expect(view.items).toHaveLength(3);
    expect(builder.view({ imageInput: true }).items.map((item) => item.type)).toEqual([
      "function_call",
      "message",
      "function_call",
      "function_call_output",
      "function_call_output",
    ]);
  });
});
