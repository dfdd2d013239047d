import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryFileSystem } from "@ctx/agents-md";
import type { MessageItem, ResponseItem } from "@ctx/protocol";
import { agentsMdInstructions, createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createSession, forkSession, resumeSession, type TurnContext } from "@ctx/session";
import { describe, expect, it } from "vitest";

// The acceptance list of the reference design (codex-context-facts §16), on a real session.

const registry = createStandardRegistry();

const files = {
  "/repo/.git": { directory: true },
  "/repo/AGENTS.md": "Root rule.",
  "/repo/b/AGENTS.md": "Rule of b.",
  "/repo/c/.keep": "",
} as const;

function turn(
  overrides: Partial<TurnContext> = {},
  fs = createMemoryFileSystem(files),
): TurnContext {
  return {
    model: "ctx-coder",
    environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
    date: "2026-02-26",
    timezone: "America/Los_Angeles",
    permissions: {
      sandboxMode: "workspace-write",
      writableRoots: ["/repo"],
      approvalPolicy: "never",
    },
    agentsMd: { discover: { fs } },
    ...overrides,
  };
}

/** Each message as `role:kind,kind`, or `role:text` for what no kind recognises. */
function layout(items: readonly ResponseItem[]): string[] {
  return items.map((item) => {
    if (item.type !== "message") return item.type;
    const parts = item.content.map((content) =>
      content.type === "input_image"
        ? content.type
        : (registry.classify(item.role, content.text)?.type ?? content.text),
    );
    return `${item.role}:${parts.join(",")}`;
  });
}

const added = (
  before: { input: readonly ResponseItem[] },
  after: { input: readonly ResponseItem[] },
) => layout(after.input.slice(before.input.length));

describe("the reference's acceptance list, on @ctx/session", () => {
  it("lays out the first request: permissions, then AGENTS.md and environment in one user message", async () => {
    const request = await createSession().beginTurn(turn(), "hello");
    expect(layout(request.input)).toEqual([
      "developer:permissions_instructions",
      "user:agents_md_instructions,environment_context",
      "user:hello",
    ]);
    const environment = (request.input[1] as MessageItem).content[1];
    expect(environment?.type === "input_text" && environment.text).toMatch(
      /^<environment_context>\n {2}<cwd>\/repo<\/cwd>\n {2}<shell>bash<\/shell>\n {2}<current_date>2026-02-26<\/current_date>\n {2}<timezone>America\/Los_Angeles<\/timezone>\n<\/environment_context>$/,
    );
  });

  it("starts the second request with exactly the first request's input, adding no context when nothing changed", async () => {
    const session = createSession();
    const first = await session.beginTurn(turn(), "one");
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "done" }] },
    ]);
    const second = await session.beginTurn(turn(), "two");
    expect(second.input.slice(0, first.input.length)).toEqual(first.input);
    expect(added(first, second)).toEqual(["assistant:done", "user:two"]);
  });

  it("re-sends the environment on a cwd change, with AGENTS.md only when it differs, in one user message", async () => {
    const session = createSession();
    const first = await session.beginTurn(turn(), "one");
    const second = await session.beginTurn(
      turn({ environments: [{ id: "local", cwd: "/repo/b", shell: "bash" }] }),
      "two",
    );
    expect(added(first, second)).toEqual([
      "user:agents_md_instructions,environment_context",
      "user:two",
    ]);
    const third = await session.beginTurn(
      turn({ environments: [{ id: "local", cwd: "/repo/b", shell: "bash" }], timezone: "UTC" }),
      "three",
    );
    expect(added(second, third)).toEqual(["user:environment_context", "user:three"]);
  });

  it("sends the permissions alone when only they change", async () => {
    const session = createSession();
    const first = await session.beginTurn(turn(), "one");
    const second = await session.beginTurn(
      turn({ permissions: { sandboxMode: "read-only", approvalPolicy: "on-request" } }),
      "two",
    );
    expect(added(first, second)).toEqual(["developer:permissions_instructions", "user:two"]);
  });

  it("sends a personality change as one settings message", async () => {
    const session = createSession();
    const first = await session.beginTurn(turn({ personality: "pragmatic" }), "one");
    expect(layout(first.input)).not.toContain("developer:personality_spec");
    const second = await session.beginTurn(turn({ personality: "friendly" }), "two");
    expect(added(first, second)).toEqual(["developer:personality_spec", "user:two"]);
  });

  it("sends only the model switch, as <model_instructions>, when the model and the personality change together", async () => {
    const session = createSession();
    const first = await session.beginTurn(turn({ personality: "pragmatic" }), "one");
    const second = await session.beginTurn(
      turn({ model: "ctx-coder-long", personality: "friendly" }),
      "two",
    );
    expect(added(first, second)).toEqual(["developer:model_instructions", "user:two"]);
  });

  it("sends exactly one replacement when AGENTS.md was edited before a resume", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(turn(), "one");
    const edited = createMemoryFileSystem({ ...files, "/repo/AGENTS.md": "Edited root rule." });
    const resumed = await resumeSession(store, { sessionId: session.id });
    const request = await resumed.beginTurn(turn({}, edited), "two");
    const blocks = request.input.flatMap((item) =>
      item.type === "message"
        ? item.content.flatMap((content) =>
            content.type === "input_text" ? (agentsMdInstructions.parse(content.text) ?? []) : [],
          )
        : [],
    );
    expect(blocks).toEqual([
      { directory: "/repo", text: "Root rule." },
      { directory: "/repo", text: "Edited root rule.", supersedes: true },
    ]);
  });

  it("resumes from a JSONL rollout on disk as from memory", async () => {
    const directory = mkdtempSync(join(tmpdir(), "ctx-session-jsonl-"));
    try {
      const writer = createJsonlRolloutStore(directory);
      const session = createSession({ store: writer });
      const first = await session.beginTurn(turn(), "one");
      await writer.close();
      const reader = createJsonlRolloutStore(directory);
      const resumed = await resumeSession(reader, { sessionId: session.id });
      const next = await resumed.beginTurn(turn(), "two");
      expect(JSON.stringify(next.input.slice(0, first.input.length))).toBe(
        JSON.stringify(first.input),
      );
      expect(added(first, next)).toEqual(["user:two"]);
      await reader.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("reports the cache break of the first request after a rollback and a resume from disk, as a live session does", async () => {
    const directory = mkdtempSync(join(tmpdir(), "ctx-session-jsonl-"));
    const answer: ResponseItem = {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "Done." }],
    };
    const inFolder = (cwd: string) => turn({ environments: [{ id: "local", cwd, shell: "bash" }] });
    try {
      const writer = createJsonlRolloutStore(directory);
      const session = createSession({ store: writer });
      await session.beginTurn(inFolder("/repo"), "one");
      await session.record([answer]);
      await session.beginTurn(inFolder("/repo/c"), "two");
      await session.record([answer]);
      await session.rollback(1);
      await writer.close();
      const reader = createJsonlRolloutStore(directory);
      const resumed = await resumeSession(reader, { sessionId: session.id });
      const request = await resumed.beginTurn(inFolder("/repo"), "three");
      // The same steps in one process, on a store of its own.
      const live = createSession();
      await live.beginTurn(inFolder("/repo"), "one");
      await live.record([answer]);
      await live.beginTurn(inFolder("/repo/c"), "two");
      await live.record([answer]);
      await live.rollback(1);
      const liveRequest = await live.beginTurn(inFolder("/repo"), "three");
      expect(request.cacheBreak?.kinds).toContain("environment_context");
      expect(request.cacheBreak?.index).toBe(4);
      expect(request.cacheBreak).toEqual(liveRequest.cacheBreak);
      await reader.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("gives a fork a first request whose input begins with the parent's, byte for byte", async () => {
    const store = createMemoryRolloutStore();
    const parent = createSession({ store });
    await parent.beginTurn(turn(), "one");
    const last = await parent.beginTurn(turn({ timezone: "UTC" }), "two");
    const fork = await forkSession(store, { sessionId: parent.id });
    const request = await fork.beginTurn(turn({ timezone: "UTC" }), "after fork");
    expect(JSON.stringify(request.input.slice(0, last.input.length))).toBe(
      JSON.stringify(last.input),
    );
  });

  it("rolls back a turn and its context, then re-sends what the follow-up needs", async () => {
    const session = createSession();
    const first = await session.beginTurn(turn(), "one");
    await session.beginTurn(turn({ permissions: { sandboxMode: "read-only" } }), "two");
    await session.rollback(1);
    const followUp = await session.beginTurn(
      turn({ permissions: { sandboxMode: "read-only" } }),
      "three",
    );
    expect(followUp.input.slice(0, first.input.length)).toEqual(first.input);
    expect(added(first, followUp)).toEqual(["developer:permissions_instructions", "user:three"]);
    expect(followUp.cacheBreak?.index).toBe(first.input.length + 1);
  });
});
