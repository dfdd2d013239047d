import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { createItemsView } from "./items-view.js";

const message = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});

describe("createItemsView", () => {
  const backing = [message("a"), message("b"), message("c")];
  const view = createItemsView(2, (index) => backing[index]);

  it("behaves as an array of its first items", () => {
    expect(Array.isArray(view)).toBe(true);
    expect(view).toHaveLength(2);
    expect(view).toEqual([message("a"), message("b")]);
    expect(view.slice(1)).toEqual([message("b")]);
    expect([...view].map((item) => item.type)).toEqual(["message", "message"]);
    expect(JSON.stringify(view)).toBe(JSON.stringify(backing.slice(0, 2)));
    expect(view[2]).toBeUndefined();
  });

  it("keeps its length when the storage behind it grows, and refuses writes", () => {
    backing.push(message("d"));
    expect(view).toHaveLength(2);
    expect(Reflect.set(view, 0, message("x"))).toBe(false);
    expect(view[0]).toEqual(message("a"));
  });
});
