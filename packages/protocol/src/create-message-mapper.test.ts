import { describe, expect, it } from "vitest";
import { createMessageMapper } from "./create-message-mapper.js";
import { deepFreeze } from "./deep-freeze.js";
import type { ResponseItem } from "./response-item.js";
import { sharedInputRequest } from "./shared-input-request.js";

const message = (role: "user" | "assistant" | "developer", text: string): ResponseItem =>
  deepFreeze({
    type: "message",
    role,
    content: [{ type: role === "assistant" ? "output_text" : "input_text", text }],
  });
const reasoning: ResponseItem = deepFreeze({ type: "reasoning", summary: [] });
const options = { toError: (problems: string) => new Error(problems), path: "request" };

interface Piece {
  readonly role: string;
  readonly text: string;
}

/** Messages of one role in a row merge; developer messages that open the input lead. */
function roleMapper() {
  const converted: ResponseItem[] = [];
  const joined: (readonly Piece[])[] = [];
  const mapper = createMessageMapper<Piece, { role: string; texts: string[] }, { count: number }>({
    convert: (item) => {
      converted.push(item);
      if (item.type !== "message") return undefined;
      return { role: item.role, text: item.content.map((part) => part.type).join() };
    },
    leads: (piece) => piece.role === "developer",
    runOf: (piece) => (piece.role === "developer" ? undefined : piece.role),
    join: (run) => {
      joined.push(run);
      return { role: run[0]?.role ?? "", texts: run.map((piece) => piece.text) };
    },
    scan: {
      start: () => ({ count: 0 }),
      step: (piece, state) => {
        state.count += 1;
        return piece;
      },
    },
  });
  return { mapper, converted, joined };
}

describe("createMessageMapper", () => {
  it("merges a run of one role into one message and gives the opening pieces apart", () => {
    const { mapper } = roleMapper();
    const input = [
      message("developer", "d"),
      message("user", "a"),
      reasoning,
      message("user", "b"),
      message("assistant", "c"),
      message("developer", "e"),
      message("user", "f"),
    ];
    const mapping = mapper.map({ instructions: "", input }, options);
    expect(mapping.leading).toEqual([{ role: "developer", text: "input_text" }]);
    expect(mapping.messages).toEqual([
      { role: "user", texts: ["input_text", "input_text"] },
      { role: "assistant", texts: ["output_text"] },
      { role: "developer", texts: ["input_text"] },
      { role: "user", texts: ["input_text"] },
    ]);
    expect(mapping.state).toEqual({ count: 5 });
    expect(mapping.messages.every((each) => Object.isFrozen(each.texts))).toBe(true);
  });

  it("costs a growing request its new items: one conversion each, and only the last run joined again", () => {
    const { mapper, converted, joined } = roleMapper();
    const history = [message("user", "a"), message("assistant", "b"), message("assistant", "c")];
    const first = mapper.map({ instructions: "", input: history }, options);
    expect(converted).toHaveLength(3);
    expect(joined.map((run) => run.length)).toEqual([1, 2]);
    converted.length = 0;
    joined.length = 0;
    const next = [...history, message("assistant", "d"), message("user", "e")];
    const second = mapper.map({ instructions: "", input: next }, options);
    expect(converted).toEqual(next.slice(3));
    // The assistant run took one more piece and ended; the user run is the last one.
    expect(joined.map((run) => run.length)).toEqual([3, 1]);
    expect(second.messages[0]).toBe(first.messages[0]);
    expect(second.messages.map((each) => each.texts.length)).toEqual([1, 3, 1]);
    expect(second.state).toEqual({ count: 5 });
  });

  it("maps a request that does not extend the previous one from its first item, converting no item twice", () => {
    const { mapper, converted } = roleMapper();
    const items = [message("user", "a"), message("assistant", "b"), message("user", "c")];
    mapper.map({ instructions: "", input: items }, options);
    const shorter = [items[0] as ResponseItem, items[2] as ResponseItem];
    const mapping = mapper.map({ instructions: "", input: shorter }, options);
    expect(mapping.messages).toEqual([{ role: "user", texts: ["input_text", "input_text"] }]);
    expect(mapping.state).toEqual({ count: 2 });
    expect(converted).toHaveLength(3);
  });

  it("converts an item that is not frozen on every call, so a change to it is seen", () => {
    const { mapper, converted } = roleMapper();
    const open: ResponseItem = {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "x" }],
    };
    const input = [message("assistant", "a"), open];
    mapper.map({ instructions: "", input }, options);
    open.content[0] = { type: "output_text", text: "y" };
    expect(mapper.map({ instructions: "", input }, options).messages[1]).toEqual({
      role: "user",
      texts: ["output_text"],
    });
    expect(converted).toHaveLength(3);
  });

  it("refuses wrong options and names a wrong item by its place, keeping nothing of that call", () => {
    const { mapper } = roleMapper();
    const good = [message("user", "a")];
    const wrong = { instructions: "", input: [...good, { type: "message", role: "user" }] };
    expect(() => mapper.map(wrong as never, options)).toThrowError(/^request\.input\[1\]\.content/);
    expect(mapper.map({ instructions: "", input: good }, options).messages).toHaveLength(1);
    expect(() => mapper.map({ input: [] } as never, options)).toThrowError(
      /^request\.instructions/,
    );
    expect(() => mapper.map({ instructions: "", input: good }, {} as never)).toThrowError(
      /options/,
    );
    expect(() => createMessageMapper({ convert: () => 1 } as never)).toThrowError(/runOf/);
  });

  it("maps a shared input from its owner's array, new items alone, into the array it returned", () => {
    const { mapper, converted } = roleMapper();
    const items = [message("user", "a"), message("assistant", "b")];
    let reads = 0;
    const sent = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const first = mapper.map(sharedInputRequest({ instructions: "" }, sent, 2), options).messages;
    const settled = first[0];
    items.push(message("assistant", "c"), message("user", "d"));
    const request = sharedInputRequest({ instructions: "" }, sent, 4);
    reads = 0;
    converted.length = 0;
    const second = mapper.map(request, options).messages;
    expect(reads).toBe(2);
    expect(converted).toEqual(items.slice(2));
    expect(second).toBe(first);
    expect(second[0]).toBe(settled);
    expect(second).toEqual([
      { role: "user", texts: ["input_text"] },
      { role: "assistant", texts: ["output_text", "output_text"] },
      { role: "user", texts: ["input_text"] },
    ]);
    // Its input, read at last, is a copy of the first four items, which later appends leave be.
    const input = request.input;
    items.push(message("user", "e"));
    expect(input).toEqual(items.slice(0, 4));
    expect(request.input).toBe(input);
  });

  it("makes the messages before the mapped ones again only when the instructions change", () => {
    const { mapper } = roleMapper();
    const items = [message("user", "a")];
    let made = 0;
    const before = (request: { readonly instructions: string }) => {
      made += 1;
      return [{ role: "system", texts: [request.instructions] }];
    };
    const request = (instructions: string) =>
      sharedInputRequest({ instructions }, items, items.length);
    const first = mapper.map(request("one"), { ...options, before }).messages;
    items.push(message("assistant", "b"));
    const second = mapper.map(request("one"), { ...options, before }).messages;
    expect(made).toBe(1);
    expect(second).toBe(first);
    const third = mapper.map(request("two"), { ...options, before }).messages;
    expect(made).toBe(2);
    expect(third).not.toBe(first);
    expect(third.map((each) => each.texts[0])).toEqual(["two", "input_text", "output_text"]);
  });

  it("marks the last messages, and puts the mapper's own back where the marks moved on", () => {
    const { mapper } = roleMapper();
    const items = [message("user", "a"), message("assistant", "b")];
    const request = () => sharedInputRequest({ instructions: "" }, items, items.length);
    const marked = {
      count: 1,
      mark: (each: { role: string; texts: string[] }) => ({ ...each, role: `${each.role}!` }),
    };
    const first = mapper.map(request(), { ...options, marked }).messages;
    expect(first.map((each) => each.role)).toEqual(["user", "assistant!"]);
    items.push(message("user", "c"));
    const second = mapper.map(request(), { ...options, marked }).messages;
    expect(second).toBe(first);
    expect(second.map((each) => each.role)).toEqual(["user", "assistant", "user!"]);
    expect(Object.isFrozen(second[1])).toBe(true);
  });
});
