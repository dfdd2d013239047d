import { createItemMapper, type ResponseItem } from "@ctx/protocol";
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
  it("declare that each extends the previous, so a mapping converts only the new items", async () => {
    const converted: ResponseItem[] = [];
    const mapper = createItemMapper((item) => {
      converted.push(item);
      return item.type;
    });
    const session = createSession();
    const first = await session.beginTurn(context, "list the files");
    mapper.map(first, options);
    const call = { type: "function_call", call_id: "c1", name: "ls", arguments: "{}" } as const;
    await session.record([call, { type: "function_call_output", call_id: "c1", output: "a.ts" }]);
    const next = await session.nextRequest();
    const added = next.input.slice(first.input.length);
    expect(added.map((item) => item.type)).toEqual(["function_call", "function_call_output"]);
    // An old slot changed behind the mapping's back goes unseen: it does not look at old items.
    const stranger = { ...call, call_id: "stranger" };
    (next.input as ResponseItem[])[0] = stranger;
    converted.length = 0;
    const mapped = mapper.map(next, options);
    expect(converted).toEqual(added);
    expect(mapped).toEqual(first.input.concat(added).map((item) => item.type));
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
