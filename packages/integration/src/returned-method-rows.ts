import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryFileSystem } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import { createAiSdkSummarizer } from "@ctx/ai-sdk";
import { createAnthropicSummarizer } from "@ctx/anthropic";
import { createOpenAISummarizer } from "@ctx/openai";
import type { ResponseItem } from "@ctx/protocol";
import { createItemMapper, createMessageMapper } from "@ctx/protocol/mapping";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createPostgresRolloutStore } from "@ctx/rollout-postgres";
import { approximateTokenizer, createSession, createTypedMessageMatcher } from "@ctx/session";
import { CtxError } from "@ctx/text";

/** A valid call of one function or method, so each argument can be swapped for a wrong value. */
export interface Row {
  /** Arguments of a call that works. */
  readonly args: readonly unknown[];
  /** Each parameter's name, as the function's documentation and its errors name it. */
  readonly names: readonly string[];
  /** Positions where `undefined` is a valid argument (an optional parameter). */
  readonly optional?: readonly number[];
  /** Positions that accept every value by design (a parser's input). */
  readonly anything?: readonly number[];
  /**
   * Set when the valid call needs a live service (a database, a model provider) that this test
   * does not start: the valid call may fail, but every wrong argument must still be refused,
   * before any I/O.
   */
  readonly validCallNeedsService?: true;
}

/** The methods of one object an export returns, and how to get a fresh one for each method. */
export interface MethodTable {
  readonly target: () => object | Promise<object>;
  readonly methods: Readonly<Record<string, Row>>;
}

/** Where a database would be if one ran: the postgres client connects only when a query runs. */
export const unreachableDatabase = "postgres://ctx@127.0.0.1:9/none";

const turnContext = { model: "gpt-5", environments: [] };
const assistantReply: ResponseItem = {
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text: "Hello." }],
};
const summaryRequest = {
  instructions: "Summarize.",
  input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "Hi." }] }],
  model: "m",
};
const summaryOptions = { signal: new AbortController().signal };
const modelRequest = { instructions: "Be brief.", input: summaryRequest.input };
// A mapper's caller makes the error, so the one here is a CtxError as every caller's is.
const mapOptions = {
  toError: (problems: string) => new CtxError("invalid-argument", problems),
  path: "request",
};

/** A session with one turn answered, so `rollback(1)` has a turn to drop. */
async function answeredSession(): Promise<object> {
  const session = createSession({ tokenizer: approximateTokenizer });
  await session.beginTurn(turnContext, "Hi.");
  await session.record([assistantReply]);
  return session;
}

/** A store holding the session `stored`, which the rows read, append to and delete. */
async function storeWithSession(store: RolloutStore): Promise<RolloutStore> {
  await store.create({ id: "stored" });
  return store;
}

/**
 * The calls of every store method on the session `stored`; `needsService` for a database. The
 * stores name a wrong session id "session id" in their messages.
 */
function storeMethods(needsService?: true): Readonly<Record<string, Row>> {
  const service = needsService === undefined ? {} : { validCallNeedsService: needsService };
  return {
    create: { args: [{ id: "created" }], names: ["request"], ...service },
    append: {
      args: [
        {
          sessionId: "stored",
          expectedSequence: 0,
          appendId: "first",
          records: [{ type: "note", checkpoint: false, payload: {} }],
        },
      ],
      names: ["request"],
      ...service,
    },
    read: { args: ["stored", {}], names: ["session id", "options"], optional: [1], ...service },
    searchRecords: {
      args: ["stored", { types: ["note"] }],
      names: ["session id", "record search"],
      ...service,
    },
    info: { args: ["stored"], names: ["session id"], ...service },
    list: { args: [{}], names: ["options"], optional: [0], ...service },
    archive: { args: ["stored"], names: ["session id"], ...service },
    delete: { args: ["stored"], names: ["session id"], ...service },
  };
}

// The methods of what the exports return: a session, each store, each adapter's summarizer,
// the mappers, the file systems. A wrong argument to any of them is a CtxError naming it.
export const returnedMethodRows: Readonly<Record<string, MethodTable>> = {
  "answered session (createSession)": {
    target: answeredSession,
    methods: {
      beginTurn: { args: [turnContext, "Again."], names: ["turn context", "user input"] },
      record: { args: [[assistantReply]], names: ["items"] },
      rollback: { args: [1], names: ["userTurns"] },
    },
  },
  "memory rollout store (createMemoryRolloutStore)": {
    target: () => storeWithSession(createMemoryRolloutStore()),
    methods: storeMethods(),
  },
  "JSONL rollout store (createJsonlRolloutStore)": {
    target: () =>
      storeWithSession(createJsonlRolloutStore(mkdtempSync(join(tmpdir(), "ctx-walk-")))),
    methods: storeMethods(),
  },
  "PostgreSQL rollout store (createPostgresRolloutStore)": {
    target: () => createPostgresRolloutStore({ url: unreachableDatabase }),
    methods: storeMethods(true),
  },
  "summarizer (createOpenAISummarizer)": {
    target: () => ({
      summarize: createOpenAISummarizer({
        client: { responses: { create: async () => ({ output_text: "Summary." }) } },
        model: "m",
      }),
    }),
    methods: {
      summarize: { args: [summaryRequest, summaryOptions], names: ["request", "options"] },
    },
  },
  "summarizer (createAnthropicSummarizer)": {
    target: () => ({
      summarize: createAnthropicSummarizer({
        client: {
          messages: {
            create: async () => ({
              content: [{ type: "text", text: "Summary." }],
              usage: { input_tokens: 1, output_tokens: 1 },
            }),
          },
        },
        model: "m",
      }),
    }),
    methods: {
      summarize: { args: [summaryRequest, summaryOptions], names: ["request", "options"] },
    },
  },
  "summarizer (createAiSdkSummarizer)": {
    target: () => ({ summarize: createAiSdkSummarizer({ model: "openai/m" }) }),
    methods: {
      summarize: {
        args: [summaryRequest, summaryOptions],
        names: ["request", "options"],
        validCallNeedsService: true,
      },
    },
  },
  "message mapper (createMessageMapper)": {
    target: () =>
      createMessageMapper({ convert: () => ({}), runOf: () => undefined, join: () => ({}) }),
    methods: { map: { args: [modelRequest, mapOptions], names: ["request", "options"] } },
  },
  "item mapper (createItemMapper)": {
    target: () => createItemMapper(() => ({})),
    methods: { map: { args: [modelRequest, mapOptions], names: ["request", "options"] } },
  },
  "typed message matcher (createTypedMessageMatcher)": {
    target: () => createTypedMessageMatcher<string>(4),
    methods: {
      typed: { args: ["key"], names: ["key"] },
      message: { args: ["key", "value"], names: ["key", "value"], anything: [1] },
    },
  },
  "memory file system (createMemoryFileSystem)": {
    target: () => createMemoryFileSystem({ "/repo/AGENTS.md": "Be brief." }),
    methods: fileSystemMethods("/repo", "/repo/AGENTS.md"),
  },
  "node file system (createNodeFileSystem)": {
    target: () => createNodeFileSystem(),
    methods: fileSystemMethods(tmpdir(), import.meta.filename),
  },
};

/** The calls of a file system's methods on the folder `directory` and the file `file`. */
function fileSystemMethods(directory: string, file: string): Readonly<Record<string, Row>> {
  return {
    stat: { args: [file], names: ["path"] },
    realpath: { args: [directory], names: ["path"] },
    open: { args: [file, {}], names: ["path", "options"], optional: [1] },
    readdir: { args: [directory, { maxEntries: 10 }], names: ["path", "options"] },
  };
}
