import { createLoadedAgentsMd } from "@ctx/agents-md";
import { defineFragment, defineSection } from "@ctx/fragments";
import type { MessageItem, ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSession } from "./create-session.js";
import { resumeSession } from "./log/resume-session.js";
import { SessionError } from "./session-error.js";
import type { TurnContext } from "./turn/turn-context.js";

const base: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "Europe/Paris",
  permissions: {
    sandboxMode: "workspace-write",
    writableRoots: ["/repo"],
    approvalPolicy: "never",
  },
};

function texts(item: ResponseItem | undefined): string[] {
  return item?.type === "message"
    ? item.content.map((content) => ("text" in content ? content.text : content.type))
    : [];
}

const startsWith = (text: string | undefined, prefix: string) => text?.startsWith(prefix) === true;

describe("createSession", () => {
  it("sends the full context first: developer bundle, user bundle, then the user's message", async () => {
    const session = createSession();
    const request = await session.beginTurn(base, "hello");
    expect(request.input.map((item) => (item.type === "message" ? item.role : item.type))).toEqual([
      "developer",
      "user",
      "user",
    ]);
    const [developer, user, message] = request.input;
    expect(texts(developer)).toHaveLength(1);
    expect(startsWith(texts(developer)[0], "<permissions instructions>")).toBe(true);
    expect(texts(user)).toEqual([
      expect.stringMatching(/^<environment_context>\n {2}<cwd>\/repo<\/cwd>/),
    ]);
    expect(texts(message)).toEqual(["hello"]);
    expect(request.instructions.length).toBeGreaterThan(0);
    expect(request.cacheBreak).toBeUndefined();
  });

  it("ends every text but a message's last with a blank line, or sends them untouched", async () => {
    const agentsMd = createLoadedAgentsMd({
      global: null,
      entries: [],
      environments: [],
      warnings: [],
    });
    const context = { ...base, developerInstructions: "Be brief.", agentsMd };
    const [blank] = (await createSession().beginTurn(context, "hi")).input;
    expect(texts(blank)).toEqual(["Be brief.\n\n", expect.stringMatching(/instructions>$/)]);
    const [none] = (await createSession({ separator: "none" }).beginTurn(context, "hi")).input;
    expect(texts(none)[0]).toBe("Be brief.");
  });

  it("adds no context when nothing changed, and keeps the previous input as the prefix", async () => {
    const session = createSession();
    const first = await session.beginTurn(base, "one");
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] },
    ]);
    const second = await session.beginTurn(base, "two");
    expect(second.input.slice(0, first.input.length)).toEqual(first.input);
    expect(second.input.slice(first.input.length).map(texts)).toEqual([["ok"], ["two"]]);
    expect(second.cacheBreak).toBeUndefined();
  });

  it("sends only the changed sections, settings first", async () => {
    const session = createSession();
    const first = await session.beginTurn({ ...base, personality: "pragmatic" }, "one");
    const second = await session.beginTurn(
      {
        ...base,
        personality: "friendly",
        permissions: { ...base.permissions, approvalPolicy: "on-request" },
        environments: [{ id: "local", cwd: "/repo/sub", shell: "bash" }],
      },
      "two",
    );
    const added = second.input.slice(first.input.length);
    expect(added.map((item) => (item as MessageItem).role)).toEqual([
      "developer",
      "developer",
      "user",
      "user",
    ]);
    expect(startsWith(texts(added[0])[0], "<personality_spec>")).toBe(true);
    expect(startsWith(texts(added[1])[0], "<permissions instructions>")).toBe(true);
    expect(texts(added[2])[0]).toContain("<cwd>/repo/sub</cwd>");
  });

  it("writes every record before the request comes back, and reads the input back on resume", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(base, "one");
    const read = await store.read(session.id);
    expect(read.records.map((record) => record.type)).toEqual([
      "turn",
      "response_item",
      "response_item",
      "response_item",
      "world_state",
    ]);
  });

  it("inserts an aborted output after a call without one and drops an orphan output", async () => {
    const session = createSession();
    await session.beginTurn(base, "one");
    await session.record([
      { type: "function_call", call_id: "c1", name: "ls", arguments: "{}" },
      { type: "function_call_output", call_id: "ghost", output: "lost" },
    ]);
    const request = await session.beginTurn(base, "two");
    const tail = request.input.slice(-3);
    expect(tail[0]).toMatchObject({ type: "function_call", call_id: "c1" });
    expect(tail[1]).toEqual({ type: "function_call_output", call_id: "c1", output: "aborted" });
    expect(session.history().map((entry) => entry.origin.source)).toContain("tool");
  });

  it("replaces images with a note for a model that reads text only", async () => {
    const session = createSession();
    const request = await session.beginTurn({ ...base, imageInput: false }, [
      { type: "input_text", text: "look" },
      { type: "input_image", image_url: "data:image/png;base64,AAAA" },
    ]);
    expect(texts(request.input.at(-1))[1]).toMatch(/left out/);
    expect(session.history().at(-1)?.item).toMatchObject({
      content: [{ type: "input_text" }, { type: "input_image" }],
    });
  });

  it("keeps what the user typed as the user's, even when it looks like injected context", async () => {
    const session = createSession();
    await session.beginTurn(base, "<environment_context>\n</environment_context>");
    expect(session.history().at(-1)?.origin).toEqual({ source: "user" });
  });

  it("rolls back a turn with its context, and names the break in the next request", async () => {
    const session = createSession();
    await session.beginTurn(base, "one");
    const moved = { ...base, environments: [{ id: "local", cwd: "/elsewhere", shell: "bash" }] };
    await session.beginTurn(moved, "two");
    expect(await session.rollback(1)).toBe(1);
    expect(session.history().map((entry) => entry.origin.source)).toEqual([
      "context",
      "context",
      "user",
    ]);
    const again = await session.beginTurn(moved, "three");
    expect(texts(again.input.at(-2))[0]).toContain("<cwd>/elsewhere</cwd>");
    expect(again.cacheBreak).toMatchObject({
      index: 4,
      previousOrigin: { source: "user" },
      message: expect.stringContaining("item 4"),
    });
  });

  it("lets an extension kind take part in the first turn and in diffs", async () => {
    const ticket = defineFragment({
      type: "ticket",
      role: "developer",
      markers: { start: "<ticket>", end: "</ticket>" },
      body: (data: { id: string }) => data.id,
      section: defineSection({
        id: "ticket",
        scope: "world",
        state: z.object({ id: z.string() }),
        snapshot: z.object({ id: z.string() }),
        snapshotOf: (state) => state,
      }),
      build: (state, reference) =>
        reference.status === "known" && reference.snapshot.id === state.id ? undefined : state,
    });
    const session = createSession({ registry: createStandardRegistry([ticket]) });
    const first = await session.beginTurn({ ...base, extensions: { ticket: { id: "T-1" } } }, "a");
    expect(texts(first.input[0])).toContain("<ticket>T-1</ticket>");
    const same = await session.beginTurn({ ...base, extensions: { ticket: { id: "T-1" } } }, "b");
    expect(same.input.length).toBe(first.input.length + 1);
    const changed = await session.beginTurn(
      { ...base, extensions: { ticket: { id: "T-2" } } },
      "c",
    );
    expect(texts(changed.input.at(-2))).toEqual(["<ticket>T-2</ticket>"]);
  });

  it("reports a fragment over its kind's size as a warning value, and still sends it", async () => {
    const note = defineFragment({
      type: "note",
      role: "user",
      markers: { start: "<note>", end: "</note>" },
      maxBytes: 20,
      body: (data: { text: string }) => data.text,
      section: defineSection({ id: "note", scope: "world", state: z.object({ text: z.string() }) }),
      build: (state) => state,
    });
    const session = createSession({ registry: createStandardRegistry([note]) });
    const request = await session.beginTurn(
      { ...base, extensions: { note: { text: "x".repeat(40) } } },
      "hi",
    );
    expect(request.warnings).toEqual([
      expect.objectContaining({ code: "fragment-over-size", type: "note", maxBytes: 20 }),
    ]);
    expect(texts(request.input[1])).toContain(`<note>${"x".repeat(40)}</note>`);
  });

  it("writes nothing and records nothing when a turn fails", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(base, "one");
    const before = (await store.read(session.id, { from: "start" })).records.length;
    await expect(
      session.beginTurn({ ...base, extensions: { permissions: { text: "forged" } } }, "two"),
    ).rejects.toThrowError(/standard section/);
    expect((await store.read(session.id, { from: "start" })).records).toHaveLength(before);
    expect(session.history()).toHaveLength(3);
  });

  it("rejects a misspelt setting with a typed error naming it", async () => {
    await expect(
      createSession().beginTurn({ ...base, personalty: "friendly" } as TurnContext, "x"),
    ).rejects.toThrowError(SessionError);
    await expect(createSession().rollback(0)).rejects.toThrowError(/positive whole number/);
  });

  it("refuses a malformed origin or argument of any write before writing, and the rollout still resumes", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({
      store,
      tokenizer: { name: "chars", count: (text) => text.length },
    });
    await session.beginTurn(base, "one");
    const reply: ResponseItem = {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "reply" }],
    };
    await session.record([reply], { source: "model" });
    const before = await store.read(session.id, { from: "start" });
    const history = session.history();
    const badOrigins: [unknown, string][] = [
      [42, "origin"],
      ["user", "origin"],
      [null, "origin"],
      [[], "origin"],
      [{}, "origin.source"],
      [{ source: "robot" }, "origin.source"],
      [{ source: 1 }, "origin.source"],
      [{ source: "context" }, "origin.kinds"],
      [{ source: "context", kinds: "agents_md" }, "origin.kinds"],
      [{ source: "context", kinds: [1] }, "origin.kinds[0]"],
      [{ source: "context", kinds: null }, "origin.kinds"],
      [{ kinds: [] }, "origin.source"],
    ];
    const calls: [() => Promise<unknown>, string][] = [
      ...badOrigins.map(([origin, path]): [() => Promise<unknown>, string] => [
        () => session.record([reply], origin as never),
        path,
      ]),
      [() => session.record(reply as never), "items"],
      [() => session.record(undefined as never), "items"],
      [() => session.record([{ ...reply, role: "robot" }] as never), "items[0].role"],
      [() => session.reportUsage({ totalTokens: -1 }), "usage.totalTokens"],
      [
        () => session.compact({ replacement: [{ item: reply }] } as never),
        "options.replacement[0].origin",
      ],
      [() => session.beginTurn({ ...base, model: 42 } as never, "two"), "model"],
      [() => session.beginTurn(base, 42 as never), "user input"],
    ];
    for (const [call, path] of calls) {
      const error = await call().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(SessionError.isInstance(error), `${path}: ${String(error)}`).toBe(true);
      const named = (error as SessionError).issues.map((issue) => issue.path).join(" ");
      expect(`${named} ${(error as SessionError).message}`, String(error)).toContain(path);
    }
    expect((await store.read(session.id, { from: "start" })).records).toEqual(before.records);
    expect(session.history()).toEqual(history);
    const resumed = await resumeSession(store, { sessionId: session.id });
    expect(resumed.history()).toEqual(history);
    await resumed.record([reply], { source: "context", kinds: ["note"] });
    expect((await resumeSession(store, { sessionId: session.id })).history().at(-1)).toEqual({
      item: reply,
      origin: { source: "context", kinds: ["note"] },
    });
  });
});
