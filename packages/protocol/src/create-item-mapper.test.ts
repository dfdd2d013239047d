import { describe, expect, it } from "vitest";
import { createItemMapper } from "./create-item-mapper.js";
import { declareExtension } from "./declare-extension.js";
import { deepFreeze } from "./deep-freeze.js";
import type { ResponseItem } from "./response-item.js";

const message = (text: string): ResponseItem =>
  deepFreeze({ type: "message", role: "user", content: [{ type: "input_text", text }] });
const toError = (problems: string) => new Error(problems);
const options = { toError, path: "request" };

/** A mapper that names each item's text, and the items it converted. */
function textMapper() {
  const seen: ResponseItem[] = [];
  const mapper = createItemMapper((item) => {
    seen.push(item);
    if (item.type !== "message") return undefined;
    return { text: item.content.map((part) => ("text" in part ? part.text : "")).join("") };
  });
  return { mapper, seen };
}

/** `items` behind a proxy that records which indexes are read, to tell what a mapping walked. */
function watchedInput(items: readonly ResponseItem[]) {
  const read = new Set<number>();
  const input = new Proxy(items.slice(), {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) read.add(Number(key));
      return Reflect.get(target, key, receiver);
    },
  });
  return { input, read };
}

describe("createItemMapper", () => {
  it("reads only the new items of an input declared to extend the one it mapped last", () => {
    const { mapper, seen } = textMapper();
    const previous = [message("a"), message("b"), message("c")];
    const before = mapper.map({ instructions: "", input: previous }, options);
    const first = before[0];
    const { input, read } = watchedInput([...previous, message("d"), message("e")]);
    declareExtension(input, previous);
    read.clear();
    const after = mapper.map({ instructions: "", input }, options);
    expect([...read].sort()).toEqual([3, 4]);
    expect(seen).toHaveLength(5);
    expect(after.map((output) => output.text)).toEqual(["a", "b", "c", "d", "e"]);
    // The array returned before goes on: the new outputs are appended to it, not copied.
    expect(after).toBe(before);
    expect(after[0]).toBe(first);
  });

  it("goes on from a declared input after another input with the same first item came between", () => {
    const { mapper, seen } = textMapper();
    const shared = message("a");
    const first = [shared, message("b")];
    mapper.map({ instructions: "", input: first }, options);
    // Another input with the same first item comes between: `first` is no longer the latest.
    mapper.map({ instructions: "", input: [shared, message("x")] }, options);
    const next = [...first, message("c")];
    declareExtension(next, first);
    const after = mapper.map({ instructions: "", input: next }, options);
    expect(after.map((output) => output.text)).toEqual(["a", "b", "c"]);
    expect(seen).toHaveLength(4);
  });

  it("converts each frozen item once over requests that grow, and gives the same outputs", () => {
    const { mapper, seen } = textMapper();
    const first = [message("a"), message("b")];
    const before = mapper.map({ instructions: "", input: first }, options);
    const second = Object.freeze([...first, message("c")]);
    const after = mapper.map({ instructions: "", input: second }, options);
    expect(after).toEqual([{ text: "a" }, { text: "b" }, { text: "c" }]);
    expect(seen).toEqual([...first, second[2]]);
    expect(after[0]).toBe(before[0]);
    expect(Object.isFrozen(after[2])).toBe(true);
    // A request that drops an item and adds another converts only the new one.
    const third = [first[0] as ResponseItem, message("d"), second[2] as ResponseItem];
    expect(mapper.map({ instructions: "", input: third }, options)).toEqual([
      { text: "a" },
      { text: "d" },
      { text: "c" },
    ]);
    expect(seen).toHaveLength(4);
  });

  it("converts an item that is not frozen on every call, so a change to it is seen", () => {
    const { mapper, seen } = textMapper();
    const open: ResponseItem = {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "x" }],
    };
    const input = [message("a"), open];
    mapper.map({ instructions: "", input }, options);
    open.content[0] = { type: "input_text", text: "y" };
    input[0] = message("z");
    expect(mapper.map({ instructions: "", input }, options)).toEqual([
      { text: "z" },
      { text: "y" },
    ]);
    expect(seen).toHaveLength(4);
  });

  it("leaves out what maps to nothing, and keeps the result array the caller's", () => {
    const { mapper } = textMapper();
    const call: ResponseItem = deepFreeze({
      type: "function_call",
      call_id: "c1",
      name: "ls",
      arguments: "{}",
    });
    const input = Object.freeze([message("a"), call, message("b")]);
    const result = mapper.map({ instructions: "", input }, options);
    expect(result).toEqual([{ text: "a" }, { text: "b" }]);
    result.pop();
    expect(mapper.map({ instructions: "", input }, options)).toHaveLength(2);
  });

  it("puts the outputs given before the mapped ones, for that call alone", () => {
    const { mapper } = textMapper();
    const input = [message("a"), message("b")];
    const before = [{ text: "system" }];
    const result = mapper.map({ instructions: "", input }, { ...options, before: () => before });
    expect(result).toEqual([{ text: "system" }, { text: "a" }, { text: "b" }]);
    expect(result[0]).toBe(before[0]);
    expect(before).toHaveLength(1);
    const next = [...input, message("c")];
    expect(mapper.map({ instructions: "", input: next }, options)).toEqual([
      { text: "a" },
      { text: "b" },
      { text: "c" },
    ]);
    expect(() =>
      mapper.map({ instructions: "", input }, { ...options, before: {} as never }),
    ).toThrow("before?: function");
  });

  it("names wrong items by their place in the input", () => {
    const { mapper } = textMapper();
    const input = [message("a"), message("b")];
    const wrong = { instructions: "", input: [message("a"), { type: "message", role: "user" }] };
    expect(() => mapper.map(wrong as never, options)).toThrowError(/^request\.input\[1\]\.content/);
    expect(() => mapper.map({ input: [] } as never, { toError, path: "" })).toThrowError(
      /^instructions/,
    );
    expect(() => createItemMapper("no" as never)).toThrowError(/convert/);
    expect(() => mapper.map({ instructions: "", input }, {} as never)).toThrowError(/options/);
  });
});
