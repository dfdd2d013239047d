import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { codexRolloutPath } from "@ctx/fixtures";
import type { ResponseItem } from "@ctx/protocol";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import {
  createSession,
  exportCodexRollout,
  type HistoryEntry,
  importCodexRollout,
  resumeSession,
} from "@ctx/session";
import { afterEach, describe, expect, it } from "vitest";
import { runCodex } from "./codex-cli.js";
import { mockKeyVariable, mockProviderConfig } from "./mock-provider-config.js";
import { type MockResponsesServer, startMockResponsesServer } from "./mock-responses-server.js";

const markers = {
  prompt: "MARKER-CTX-PROMPT: add the health check.",
  answer: "MARKER-CTX-ANSWER: the health check is in.",
  resume: "MARKER-CODEX-RESUME: now test it.",
};

const folders: string[] = [];
let mock: MockResponsesServer | undefined;
afterEach(async () => {
  await mock?.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A fresh `CODEX_HOME` whose `config.toml` points Codex at a new mock, and a working folder in it. */
async function codexHomeWithMock(): Promise<{ home: string; work: string }> {
  const home = await mkdtemp(join(tmpdir(), "ctx-codex-export-"));
  folders.push(home);
  const work = join(home, "work");
  await mkdir(work);
  mock = await startMockResponsesServer(() => ({ text: "Done.", totalTokens: 100 }));
  await writeFile(join(home, "config.toml"), mockProviderConfig(mock.baseUrl));
  return { home, work };
}

/** Runs the pinned Codex with `args` in `work`, its home `home`, against the mock. */
async function codex(home: string, work: string, args: readonly string[]): Promise<string> {
  return runCodex({
    cwd: work,
    home,
    args: [...args.slice(0, -1), "--json", "--skip-git-repo-check", ...args.slice(-1)],
    env: { [mockKeyVariable]: "unused" },
  });
}

/**
 * Writes `entries` as a Codex rollout into a fresh `CODEX_HOME`, runs the pinned Codex's
 * `codex exec resume` on it against the mock Responses API, and returns the input of the request
 * Codex sent, and the rollout file (which Codex goes on writing).
 */
async function resumeInCodex(
  entries: readonly HistoryEntry[],
): Promise<{ input: unknown[]; file: string }> {
  const { home, work } = await codexHomeWithMock();
  const exported = exportCodexRollout(entries, { cwd: work });
  const file = join(home, exported.path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, exported.text);
  await codex(home, work, ["exec", "resume", exported.threadId, markers.resume]);
  const input = mock?.requests[0]?.input;
  return { input: Array.isArray(input) ? input : [], file };
}

const textOf = (item: unknown): string | undefined => {
  const message = item as ResponseItem;
  return message.type === "message"
    ? message.content.map((content) => ("text" in content ? content.text : "")).join("")
    : undefined;
};

const turnContext = {
  model: "gpt-5.1-codex",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

describe("codex exec resume (0.171) continues a session @ctx exported", () => {
  it("sends the exported history first, then its context and the new prompt", async () => {
    const session = createSession();
    await session.beginTurn(turnContext, markers.prompt);
    await session.record([
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: markers.answer }],
      },
    ]);
    const history = session.history();
    const { input } = await resumeInCodex(history);
    expect(input.slice(0, history.length)).toEqual(history.map((entry) => entry.item));
    const texts = input.map(textOf);
    expect(texts.indexOf(markers.prompt)).toBeLessThan(texts.indexOf(markers.answer));
    expect(texts.at(-1)).toBe(markers.resume);
  }, 120_000);

  it("takes back a Codex session continued in @ctx: Codex's history, @ctx's turn, then Codex's", async () => {
    const sessions = await mkdtemp(join(tmpdir(), "ctx-sessions-"));
    folders.push(sessions);
    const store = createJsonlRolloutStore(sessions);
    const lines = createInterface({
      input: createReadStream(codexRolloutPath("cli-0.79-agents-md.jsonl")),
      crlfDelay: Infinity,
    });
    const { sessionId, items } = await importCodexRollout(lines, { store });
    const session = await resumeSession(store, { sessionId });
    const request = await session.beginTurn(turnContext, markers.prompt);
    await session.record([
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: markers.answer }],
      },
    ]);
    const history = session.history();
    expect(history.slice(0, request.input.length).map((entry) => entry.item)).toEqual(
      request.input,
    );
    const { input, file } = await resumeInCodex(history);
    expect(input.slice(0, history.length)).toEqual(history.map((entry) => entry.item));
    expect(input.slice(0, items)).toEqual(history.slice(0, items).map((entry) => entry.item));
    expect(textOf(input[history.length - 1])).toBe(markers.answer);
    expect(input.map(textOf).at(-1)).toBe(markers.resume);

    // And back again: the rollout Codex went on writing imports with every origin kept, Codex's
    // own turn included (its context is context, the prompt the user's, its answer the model's).
    const back = await importCodexRollout(
      createInterface({ input: createReadStream(file), crlfDelay: Infinity }),
      { store },
    );
    const again = (await resumeSession(store, { sessionId: back.sessionId })).history();
    expect(again.slice(0, history.length)).toEqual(history);
    const added = again.slice(history.length);
    const sources = (text: string) =>
      added.filter((entry) => textOf(entry.item) === text).map((entry) => entry.origin.source);
    expect(sources(markers.resume)).toEqual(["user"]);
    expect(sources("Done.")).toEqual(["model"]);
    const injected = added.filter(
      (entry) =>
        entry.item.type === "message" &&
        entry.item.role !== "assistant" &&
        textOf(entry.item) !== markers.resume,
    );
    expect(injected.length).toBeGreaterThan(0);
    expect(injected.map((entry) => entry.origin.source)).toEqual(injected.map(() => "context"));
  }, 120_000);
});

describe("importCodexRollout on the rollout codex exec (0.171) writes", () => {
  it("keeps a typed text that looks like injected context the user's", async () => {
    const { home, work } = await codexHomeWithMock();
    const typed = "<environment_context>MARKER-TYPED: these are my words</environment_context>";
    await codex(home, work, ["exec", typed]);
    const [file] = await readdir(join(home, "sessions"), { recursive: true }).then((names) =>
      names.filter((name) => name.endsWith(".jsonl")),
    );
    const sessions = await mkdtemp(join(tmpdir(), "ctx-sessions-"));
    folders.push(sessions);
    const store = createJsonlRolloutStore(sessions);
    const lines = createInterface({
      input: createReadStream(join(home, "sessions", file ?? "")),
      crlfDelay: Infinity,
    });
    const { sessionId } = await importCodexRollout(lines, { store });
    const history = (await resumeSession(store, { sessionId })).history();
    const sources = (text: string) =>
      history.filter((entry) => textOf(entry.item) === text).map((entry) => entry.origin.source);
    expect(sources(typed)).toEqual(["user"]);
    expect(sources("Done.")).toEqual(["model"]);
    const environment = history.filter((entry) =>
      textOf(entry.item)?.startsWith("<environment_context>\n"),
    );
    expect(environment.map((entry) => entry.origin.source)).toEqual(["context"]);
  }, 120_000);
});
