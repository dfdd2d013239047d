import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "./origin.js";
import { PromptBuilder } from "./prompt-builder.js";
import { SentInput } from "./sent-input.js";

const user = (text: string): HistoryEntry => ({
  item: { type: "message", role: "user", content: [{ type: "input_text", text }] },
  origin: { source: "user" },
});
const call: HistoryEntry = {
  item: { type: "function_call", call_id: "c1", name: "ls", arguments: "{}" },
  origin: { source: "model" },
};
const output: HistoryEntry = {
  item: { type: "function_call_output", call_id: "c1", output: "a.ts" },
  origin: { source: "tool" },
};
const text = (item: ResponseItem | undefined) =>
  item?.type === "message" ? item.content.map((part) => ("text" in part ? part.text : "")) : [];

describe("SentInput", () => {
  it("appends to the array it handed out while each view extends the last one", () => {
    const builder = new PromptBuilder();
    const sent = new SentInput();
    builder.append(user("one"));
    const first = sent.of(builder.view({ imageInput: true }));
    builder.append(user("two"));
    const second = sent.of(builder.view({ imageInput: true }));
    expect(second).toBe(first);
    expect(second.map(text)).toEqual([["one"], ["two"]]);
  });

  it("starts a new array when a stand-in changed, leaving the old one as it was", () => {
    const builder = new PromptBuilder();
    const sent = new SentInput();
    builder.append(call);
    const first = sent.of(builder.view({ imageInput: true }));
    expect(first.map((item) => item.type)).toEqual(["function_call", "function_call_output"]);
    const aborted = first[1];
    builder.append(output);
    const second = sent.of(builder.view({ imageInput: true }));
    expect(second).not.toBe(first);
    expect(first[1]).toBe(aborted);
    expect(second[1]).toBe(output.item);
  });

  it("starts a new array when its holder changed the length of the one handed out", () => {
    const builder = new PromptBuilder();
    const sent = new SentInput();
    builder.append(user("one"));
    const first = sent.of(builder.view({ imageInput: true })) as ResponseItem[];
    first.push(user("stranger").item);
    builder.append(user("two"));
    const second = sent.of(builder.view({ imageInput: true }));
    expect(second).not.toBe(first);
    expect(second.map(text)).toEqual([["one"], ["two"]]);
  });
});
