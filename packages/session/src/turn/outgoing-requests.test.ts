import type { ResponseItem } from "@ctx/protocol";
import { createItemMapper } from "@ctx/protocol/mapping";
import { describe, expect, it } from "vitest";
import { createSession } from "../create-session.js";
import type { TurnContext } from "./turn-context.js";

const context: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "UTC",
};

const options = { toError: (problems: string) => new Error(problems), path: "request" };

describe("the requests of a session", () => {
  it("cost a mapping their new items: one conversion each, no read of an old item, no copy", async () => {
    const converted: ResponseItem[] = [];
    const mapper = createItemMapper((item) => {
      converted.push(item);
      return item.type;
    });
    // History items whose property reads are counted, to tell which items a turn looked at.
    let reads = 0;
    const counted = (item: ResponseItem): ResponseItem =>
      new Proxy(item, {
        get(target, key, receiver) {
          reads += 1;
          return Reflect.get(target, key, receiver);
        },
      });
    const history = Array.from({ length: 500 }, (_, index) => ({
      item: counted({
        type: "message",
        role: index % 2 === 0 ? "user" : "assistant",
        content: [{ type: index % 2 === 0 ? "input_text" : "output_text", text: `${index}` }],
      } as ResponseItem),
      origin: { source: index % 2 === 0 ? "user" : "model" } as const,
    }));
    const session = createSession({ history });
    const first = mapper.map(await session.beginTurn(context, "list the files"), options);
    const call = { type: "function_call", call_id: "c1", name: "ls", arguments: "{}" } as const;
    await session.record([call, { type: "function_call_output", call_id: "c1", output: "a.ts" }]);
    reads = 0;
    converted.length = 0;
    const next = await session.nextRequest();
    const mapped = mapper.map(next, options);
    expect(reads).toBe(0);
    expect(converted.map((item) => item.type)).toEqual(["function_call", "function_call_output"]);
    expect(mapped).toBe(first);
    expect(mapped.slice(-3)).toEqual(["message", "function_call", "function_call_output"]);
    // The request's own input, read now, is a copy that later requests leave as it is.
    const input = next.input;
    await session.beginTurn(context, "again");
    expect(input).toHaveLength(mapped.length);
    expect(next.input).toBe(input);
  });

  it("declare nothing after the history changes other than by appending", async () => {
    const mapper = createItemMapper((item: ResponseItem) => item);
    const session = createSession();
    const first = await session.beginTurn(context, "one");
    mapper.map(first, options);
    await session.rollback(1);
    const again = await session.beginTurn(context, "two");
    expect(mapper.map(again, options)).toEqual(again.input);
    expect(mapper.map(again, options).at(-1)).toBe(again.input.at(-1));
  });
});
