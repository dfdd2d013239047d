import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { discoverAgentsMd } from "@ctx/agents-md";
import { createBreakpointPlanner } from "@ctx/anthropic";
import { createMarkerGuard } from "@ctx/fragments";
import { defaultModelCatalog } from "@ctx/prompts";
import { createStandardRegistry, permissionsInstructions } from "@ctx/registry";
import { createMemoryRolloutStore } from "@ctx/rollout";
import {
  approximateTokenizer,
  createRecall,
  createSession,
  loadDefaultTokenizer,
} from "@ctx/session";
import { CtxError } from "@ctx/text";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type MethodTable,
  type Row,
  returnedMethodRows,
  unreachableDatabase,
} from "./returned-method-rows.js";

/** Wrong values for a parameter, chosen by the type of its valid value. */
function wrongValuesFor(valid: unknown, optional: boolean): unknown[] {
  const absent = optional ? [null] : [null, undefined];
  if (typeof valid === "string") return [...absent, 42, {}, [], Symbol("x")];
  if (typeof valid === "number") return [...absent, "1", Number.NaN, -1, 0.5];
  if (typeof valid === "boolean") return [...absent, "true", 1];
  if (typeof valid === "function") return [...absent, "x", {}];
  if (Array.isArray(valid)) return [...absent, "a", 42, {}, [null]];
  return [...absent, 42, "x", []];
}

const memoryRoot = "/repo";
/** The item an input and the input it extends share, for `declareExtension`. */
const extendedItem = { type: "shared" };
const standard = createStandardRegistry();
const sessionRoot = join(tmpdir(), "ctx-wrong-arguments-rollouts");
// A session to resume and fork, created in beforeAll.
const rolloutStore = createMemoryRolloutStore();
const storedSession = "stored";

/** An async iterable of `events` that starts again on every iteration, as a stream for each call. */
function streamOf(events: readonly object[]): AsyncIterable<object> {
  return {
    async *[Symbol.asyncIterator]() {
      yield* events;
    },
  };
}

/** An answer of the model as the adapters map it back. */
const assistantReply = {
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text: "Hello." }],
} as const;

/** A session as a store describes it, and a source of one session without records. */
const listedSession = {
  id: "listed",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  cwd: undefined,
  parent: undefined,
  nextSequence: 0,
  archived: false,
  meta: null,
};
const chainSource = {
  info: async (id: string) => ({ ...listedSession, id }),
  ownRecords: async () => ({ records: [], fromCheckpoint: false, warnings: [] }),
};

/** A model request as the adapters take it: instructions and one user message. */
const adapterRequest = {
  instructions: "Be brief.",
  input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "Hi." }] }],
};

// Every exported function of every public package, with a valid call. A new export without a
// row here fails "has a row for every exported function"; a new package fails "covers every
// public package".
const rows: Readonly<Record<string, Readonly<Record<string, Row>>>> = {
  "@ctx/text": {
    codeRegions: { args: ["`a`"], names: ["text"] },
    compareCodePoints: { args: ["a", "b"], names: ["left", "right"] },
    createArgumentChecker: { args: [() => new Error("wrong")], names: ["refuse"] },
    describeValue: { args: [null], names: ["value"], anything: [0] },
    describeWrongArgument: {
      args: ["options", "expected an object"],
      names: ["argument", "problem"],
    },
    escapeXml: { args: ["<"], names: ["text"] },
    escapeXmlText: { args: ["<"], names: ["text"] },
    foldAscii: { args: [65], names: ["codeUnit"] },
    isBlank: { args: [" "], names: ["text"] },
    isWhiteSpace: { args: [32], names: ["codeUnit"] },
    sortedUnique: { args: [["b", "a"]], names: ["values"] },
    startsWithAsciiCaseInsensitive: {
      args: ["ABC", 0, "ab"],
      names: ["text", "offset", "expected"],
    },
    trimWhiteSpace: { args: [" a "], names: ["text"] },
    trimmedEnd: { args: [" a "], names: ["text"] },
    trimmedStart: { args: [" a "], names: ["text"] },
    truncateMiddle: { args: ["hello world", 1], names: ["text", "maxTokens"] },
    unescapeXml: { args: ["&lt;"], names: ["text"] },
    utf8ByteLength: { args: ["é"], names: ["text"] },
    utf8PrefixEnd: { args: ["é", 1], names: ["text", "maxBytes"] },
    utf8SuffixStart: { args: ["é", 1], names: ["text", "maxBytes"] },
  },
  "@ctx/protocol": {
    parseResponseItem: {
      args: [{ type: "message", role: "user", content: [] }],
      names: ["value"],
      anything: [0],
    },
    safeParseResponseItem: { args: [{}], names: ["value"], anything: [0] },
    isMessageItem: {
      args: [{ type: "message", role: "user", content: [] }, "user"],
      names: ["item", "role"],
      optional: [1],
    },
    toSchemaIssues: { args: [{ issues: [] }, {}], names: ["error", "input"], anything: [1] },
    createItemMapper: { args: [() => undefined], names: ["convert"] },
    createMessageMapper: {
      args: [{ convert: () => undefined, runOf: () => "run", join: () => ({}) }],
      names: ["options"],
    },
    sharedInputRequest: {
      args: [{ instructions: "" }, [extendedItem], 1],
      names: ["fields", "items", "length"],
    },
    declareExtension: {
      args: [[extendedItem, { type: "added" }], [extendedItem]],
      names: ["input", "previous"],
    },
    deepFreeze: { args: [{}], names: ["value"], anything: [0] },
    isDeepFrozen: { args: [{}], names: ["value"], anything: [0] },
    describeSchemaIssues: { args: [[{ path: "a", message: "b" }]], names: ["issues"] },
    createSchemaChecker: { args: [() => new Error("wrong")], names: ["refuse"] },
    parseWithSchema: {
      args: [z.string(), "a", () => new Error("wrong")],
      names: ["schema", "value", "toError"],
      anything: [1],
    },
    issuesInArgument: {
      args: ["options", [{ path: "a", message: "b" }]],
      names: ["argument", "issues"],
    },
  },
  "@ctx/protocol/mapping": {
    adapterArgumentChecker: { args: ["gemini"], names: ["provider"] },
    checkAnswer: {
      args: ["gemini", z.string(), "a", "parts[0]", 0],
      names: ["provider", "schema", "value", "where", "index"],
      optional: [4],
      anything: [2],
    },
    createItemMapper: { args: [() => undefined], names: ["convert"] },
    createMessageMapper: {
      args: [{ convert: () => undefined, runOf: () => "run", join: () => ({}) }],
      names: ["options"],
    },
    declareExtension: {
      args: [[extendedItem, { type: "added" }], [extendedItem]],
      names: ["input", "previous"],
    },
    firstDifferingByte: {
      args: [{ input: [1] }, { input: [2] }, { input: "input item" }],
      names: ["previous", "next", "labels"],
      optional: [2],
    },
    createRequestBodyMapping: {
      args: [{ fields: {}, params: () => ({}), difference: () => undefined }],
      names: ["options"],
    },
    saysContextWindowExceeded: { args: [{}], names: ["error"], anything: [0] },
    sharedInputRequest: {
      args: [{ instructions: "" }, [extendedItem], 1],
      names: ["fields", "items", "length"],
    },
  },
  "@ctx/protocol/internal": {
    createSchemaChecker: { args: [() => new Error("wrong")], names: ["refuse"] },
    keepRequestBody: {
      args: [{ input: [1] }, { input: [1, 2] }, { path: ["input", 1] }],
      names: ["kept", "body", "difference"],
      optional: [0, 2],
    },
    deepFreeze: { args: [{}], names: ["value"], anything: [0] },
    describeSchemaIssues: { args: [[{ path: "a", message: "b" }]], names: ["issues"] },
    isDeepFrozen: { args: [{}], names: ["value"], anything: [0] },
    issuesInArgument: {
      args: ["options", [{ path: "a", message: "b" }]],
      names: ["argument", "issues"],
    },
    lazySchema: { args: [() => z.string()], names: ["build"] },
    lazySchemaBuilds: { args: [], names: [] },
    parseWithSchema: {
      args: [z.string(), "a", () => new Error("wrong")],
      names: ["schema", "value", "toError"],
      anything: [1],
    },
    repeatedCallId: { args: [[]], names: ["items"] },
    toSchemaIssues: { args: [{ issues: [] }, {}], names: ["error", "input"], anything: [1] },
  },
  "@ctx/fragments": {
    defineFragment: {
      args: [
        { type: "note", role: "user", markers: { start: "<n>", end: "</n>" }, body: () => "" },
      ],
      names: ["definition"],
    },
    endsWithMarker: {
      args: ["<a></a>", "</a>", 0],
      names: ["text", "marker", "from"],
      optional: [2],
    },
    startsWithMarker: { args: ["<a></a>", "<a>"], names: ["text", "marker"] },
    matchesMarkedText: { args: ["<a></a>", "<a>", "</a>"], names: ["text", "start", "end"] },
    markedBody: { args: ["<a>x</a>", "<a>", "</a>"], names: ["text", "start", "end"] },
    createMarkerGuard: { args: [["<a>"]], names: ["markers"] },
    checkFragmentSize: { args: [undefined], names: ["fragment"] }, // filled in beforeAll
    defineSection: {
      args: [{ id: "note", scope: "world", state: z.string() }],
      names: ["definition"],
    },
  },
  "@ctx/registry": {
    createRegistry: { args: [[], {}], names: ["kinds", "options"], optional: [1] },
    createStandardRegistry: { args: [[]], names: ["extraKinds"], optional: [0] },
    emptyCompactionState: { args: [], names: [] },
    compactionAnswerJsonSchema: { args: [], names: [] },
    readCompactionAnswer: { args: [{}], names: ["answer"], anything: [0] },
    defineLegacyFragment: {
      args: [{ type: "old", role: "user", markers: { start: "<old>", end: "</old>" } }],
      names: ["definition"],
    },
  },
  "@ctx/skills": {
    discoverSkills: { args: [undefined], names: ["options"] }, // filled in beforeAll
  },
  "@ctx/codex-config": {
    describeConfigSource: { args: [{ kind: "default" }], names: ["source"] },
    readCodexConfig: { args: [undefined], names: ["options"] }, // filled in beforeAll
  },
  "@ctx/codex-config/node": {
    codexHome: { args: [{ env: {}, cwd: "/" }], names: ["environment"] },
    createNodeFileSystem: { args: [{}], names: ["options"], optional: [0] },
  },
  "@ctx/agents-md": {
    candidateFilenames: {
      args: [["NOTES.md"]],
      names: ["fallbackFilenames"],
      optional: [0],
    },
    createAgentsMdTracker: {
      args: [undefined, {}], // filled in beforeAll
      names: ["loaded", "options"],
      optional: [1],
    },
    // filled in beforeAll
    createLoadedAgentsMd: { args: [undefined], names: ["data"] },
    createMemoryFileSystem: {
      args: [{}, {}],
      names: ["entries", "options"],
      optional: [0, 1],
    },
    discoverAgentsMd: { args: [undefined], names: ["options"] }, // filled in beforeAll
    discoverAgentsMdForEnvironments: {
      args: [undefined, {}], // filled in beforeAll
      names: ["environments", "options"],
      optional: [1],
    },
    findImportReferences: { args: ["see @a.md"], names: ["text"] },
  },
  "@ctx/agents-md/node": {
    createNodeFileSystem: { args: [{}], names: ["options"], optional: [0] },
  },
  "@ctx/prompts": {
    applyModelOverrides: { args: [undefined, {}], names: ["model", "overrides"] },
    cacheMissDollars: { args: [undefined, 1_000], names: ["pricing", "tokens"] },
    createModelCatalog: {
      args: [[], {}],
      names: ["entries", "options"],
      optional: [1],
    },
    getModelInstructions: {
      args: [undefined, "friendly"],
      names: ["model", "personality"],
      optional: [1],
    },
    getPersonalityMessage: {
      args: [undefined, "friendly"],
      names: ["model", "personality"],
      optional: [1],
    },
    resolveSandboxMode: { args: [{}], names: ["policy"] },
    renderPermissionsInstructions: {
      args: [{}, {}],
      names: ["policy", "overrides"],
      optional: [1],
    },
    resolveBaseInstructions: { args: [undefined], names: ["sources"] },
    stripPersonalitySection: { args: ["text"], names: ["text"] },
    formatSummaryText: { args: ["summary"], names: ["summary"] },
    isSummaryText: { args: ["text"], names: ["text"] },
    parseSummaryText: { args: ["text"], names: ["text"] },
    supportsPersonality: { args: [undefined], names: ["model"] },
  },
  "@ctx/rollout": {
    createMemoryRolloutStore: { args: [], names: [] },
    createRecordMatcher: { args: [{ types: ["note"] }], names: ["record search"] },
    foldAsciiLetters: { args: ["Text"], names: ["text"] },
    searchRollout: {
      args: [rolloutStore, storedSession, { types: ["note"] }],
      names: ["store", "session id", "record search"],
    },
    createPageFilter: { args: [{}], names: ["options"] },
    isListedBefore: { args: [listedSession, listedSession], names: ["left", "right"] },
    pageSessions: { args: [[listedSession], {}], names: ["sessions", "options"] },
    readRolloutChain: {
      args: [chainSource, "stored", "start"],
      names: ["source", "sessionId", "from"],
    },
    isCreateRetry: {
      args: [
        {
          id: "s",
          createdAt: "2026-01-01T00:00:00.000Z",
          updatedAt: "2026-01-01T00:00:00.000Z",
          cwd: undefined,
          parent: undefined,
          nextSequence: 0,
          archived: false,
          meta: null,
        },
        { id: "s" },
      ],
      names: ["taken", "request"],
    },
  },
  "@ctx/rollout-jsonl": {
    createJsonlRolloutStore: {
      args: [sessionRoot, {}],
      names: ["directory", "options"],
      optional: [1],
    },
  },
  "@ctx/session": {
    buildContextUpdate: { args: [standard, []], names: ["registry", "fragments"] },
    buildInitialContext: { args: [standard, []], names: ["registry", "fragments"] },
    classifyHistory: { args: [[], standard], names: ["items", "registry"] },
    countItemTokens: {
      args: [{ type: "function_call_output", call_id: "c", output: "x" }, approximateTokenizer],
      names: ["item", "tokenizer"],
    },
    buildEnvironmentProfile: {
      args: [{ cwd: "/repo", sandboxMode: "workspace-write" }],
      names: ["options"],
    },
    createContextMessage: {
      args: ["developer", [permissionsInstructions.create({ text: "x" })], {}],
      names: ["role", "fragments", "options"],
      optional: [2],
    },
    createRecall: {
      args: [rolloutStore, { sessionId: storedSession, maxBytes: 4_096 }],
      names: ["store", "options"],
    },
    createSession: { args: [{}], names: ["options"], optional: [0] },
    createClaudeCodeRecordReader: { args: [], names: [] },
    createClaudeCodeRewindTracker: { args: [], names: [] },
    createTypedMessageMatcher: { args: [4], names: ["window"] },
    exportCodexRollout: { args: [[], { cwd: "/work" }], names: ["entries", "options"] },
    filterCompactedItems: { args: [[], standard], names: ["items", "registry"] },
    forkSession: {
      args: [rolloutStore, { sessionId: storedSession }],
      names: ["store", "options"],
    },
    importClaudeCodeTranscript: {
      args: [
        [
          JSON.stringify({
            type: "user",
            sessionId: "s",
            cwd: "/w",
            message: { role: "user", content: "Hi" },
          }),
        ],
        { store: rolloutStore },
      ],
      names: ["lines", "options"],
    },
    importCodexRollout: {
      args: [
        [
          JSON.stringify({
            type: "response_item",
            payload: {
              type: "message",
              role: "user",
              content: [{ type: "input_text", text: "Hi" }],
            },
          }),
        ],
        { store: rolloutStore },
      ],
      names: ["lines", "options"],
    },
    loadDefaultTokenizer: { args: [], names: [] },
    normalizeHistory: {
      args: [[], { imageInput: true }],
      names: ["entries", "options"],
    },
    parseCodexRolloutLine: { args: [{ type: "x", payload: {} }], names: ["value"], anything: [0] },
    parseSessionRecord: { args: [{ type: "x", payload: {} }], names: ["value"], anything: [0] },
    parseTurnContext: { args: [{ model: "m", environments: [] }], names: ["value"], anything: [0] },
    readCodexRollout: { args: ["", standard], names: ["text", "registry"] },
    resolveTokenLimits: {
      args: [{ contextWindow: 1_000 }, { autoCompactTokenLimit: 500 }],
      names: ["model", "options"],
      optional: [1],
    },
    systemTimeZone: { args: ["Europe/Paris"], names: ["resolved"], optional: [0] },
    resumeSession: {
      args: [rolloutStore, { sessionId: storedSession }],
      names: ["store", "options"],
    },
    runTurn: {
      args: [
        {
          session: createSession({ tokenizer: approximateTokenizer }),
          turnContext: { model: "gpt-5", environments: [] },
          userInput: "Hi.",
          callModel: async () => ({ items: [assistantReply] }),
          runTool: async () => "done",
        },
      ],
      names: ["options"],
    },
  },
  "@ctx/rollout-postgres": {
    // The client connects lazily: nothing is sent until a query runs.
    createPostgresRolloutStore: { args: [{ url: unreachableDatabase }], names: ["options"] },
    migrate: {
      args: [postgres(unreachableDatabase), {}],
      names: ["sql", "options"],
      optional: [1],
      validCallNeedsService: true,
    },
  },
  "@ctx/openai": {
    toResponsesTool: {
      args: [{ name: "recall", description: "Reads back.", parameters: { type: "object" } }],
      names: ["definition"],
    },
    toChatCompletionsTool: {
      args: [{ name: "recall", description: "Reads back.", parameters: { type: "object" } }],
      names: ["definition"],
    },
    toResponsesParams: {
      args: [adapterRequest, { promptCacheKey: "s" }],
      names: ["request", "options"],
      optional: [1],
    },
    toChatCompletionsParams: {
      args: [adapterRequest, { developerRole: "system" }],
      names: ["request", "options"],
      optional: [1],
    },
    createOpenAISummarizer: {
      args: [{ client: { responses: { create: () => ({}) } }, model: "m" }],
      names: ["options"],
    },
    reportedUsage: { args: [{ usage: { total_tokens: 105 } }], names: ["response"] },
    responsesRequestBody: {
      args: [{ model: "gpt-5.1" }, { promptCacheKey: "key" }],
      names: ["fields", "options"],
      optional: [1],
    },
    responsesRequestDifference: {
      args: [{ input: [1] }, { input: [2] }],
      names: ["previous", "next"],
    },
    fromResponse: { args: [{ output: [assistantReply], usage: null }], names: ["response"] },
    fromResponseStream: {
      args: [streamOf([{ type: "response.completed", response: { output: [], usage: null } }]), {}],
      names: ["stream", "options"],
      optional: [1],
    },
    fromChatCompletion: {
      args: [{ choices: [{ message: { role: "assistant", content: "Hello." } }] }],
      names: ["completion"],
    },
    fromChatCompletionStream: {
      args: [
        streamOf([{ choices: [{ index: 0, delta: { content: "Hi." }, finish_reason: "stop" }] }]),
        {},
      ],
      names: ["stream", "options"],
      optional: [1],
    },
  },
  "@ctx/anthropic": {
    toMessagesTool: {
      args: [{ name: "recall", description: "Reads back.", parameters: { type: "object" } }],
      names: ["definition"],
    },
    toMessagesParams: {
      args: [adapterRequest, { cacheControl: false }],
      names: ["request", "options"],
      optional: [1],
    },
    createBreakpointPlanner: { args: [{ longTtl: "never" }], names: ["options"], optional: [0] },
    createAnthropicSummarizer: {
      args: [{ client: { messages: { create: () => ({}) } }, model: "m" }],
      names: ["options"],
    },
    reportedUsage: {
      args: [{ usage: { input_tokens: 100, output_tokens: 5 } }],
      names: ["message"],
    },
    messagesRequestBody: {
      args: [{ model: "claude-sonnet-4-5" }, { cacheControl: false }],
      names: ["fields", "options"],
      optional: [1],
    },
    messagesRequestDifference: {
      args: [{ messages: [1] }, { messages: [2] }],
      names: ["previous", "next"],
    },
    fromMessage: {
      args: [
        {
          content: [{ type: "text", text: "Hello." }],
          usage: { input_tokens: 1, output_tokens: 1 },
        },
        { diagnosed: true },
      ],
      names: ["message", "options"],
      optional: [1],
    },
    fromMessageStream: {
      args: [
        streamOf([
          { type: "message_start", message: { usage: { input_tokens: 1, output_tokens: 1 } } },
          { type: "message_stop" },
        ]),
        {},
      ],
      names: ["stream", "options"],
      optional: [1],
    },
  },
  "@ctx/ai-sdk": {
    toPrompt: { args: [adapterRequest], names: ["request"] },
    createAiSdkSummarizer: { args: [{ model: "openai/m" }], names: ["options"] },
    reportedUsage: { args: [{ inputTokens: 100, outputTokens: 5 }], names: ["usage"] },
    promptRequestBody: { args: [{ tools: {} }], names: ["fields"] },
    promptDifference: { args: [{ messages: [1] }, { messages: [2] }], names: ["previous", "next"] },
    fromGenerateText: {
      args: [{ response: { messages: [] }, usage: { inputTokens: 1, outputTokens: 1 } }],
      names: ["result"],
    },
    fromStreamText: {
      args: [
        {
          response: Promise.resolve({ messages: [] }),
          usage: Promise.resolve({ inputTokens: 1, outputTokens: 1 }),
        },
      ],
      names: ["result"],
    },
  },
  // The kind and its section are objects: their entry exports no function.
  "@ctx/fragment-git-status": {},
  "@ctx/fragment-git-status/node": {
    readGitStatus: {
      args: [tmpdir(), {}],
      names: ["cwd", "options"],
      optional: [1],
    },
  },
};

/** Rows for the methods of the objects exported functions return. */
const methodRows: Readonly<Record<string, MethodTable>> = {
  ...returnedMethodRows,
  "registry (createStandardRegistry)": {
    target: () => createStandardRegistry(),
    methods: {
      get: { args: ["skill"], names: ["type"] },
      classify: { args: ["user", "hello"], names: ["role", "text"] },
      isContextualUserMessage: {
        args: [{ type: "message", role: "user", content: [{ type: "input_text", text: "x" }] }],
        names: ["item"],
      },
      isContextualDeveloperMessage: {
        args: [
          { type: "message", role: "developer", content: [{ type: "input_text", text: "x" }] },
        ],
        names: ["item"],
      },
    },
  },
  "planner (createBreakpointPlanner)": {
    target: () => createBreakpointPlanner(),
    methods: {
      plan: {
        args: [{ system: [], messages: [] }, { at: 0 }],
        names: ["params", "options"],
        optional: [1],
      },
      ttl: { args: [{ idleAhead: true }], names: ["options"], optional: [0] },
    },
  },
  "marker guard (createMarkerGuard)": {
    target: () => createMarkerGuard(["<a>"]).guard ?? {},
    methods: {
      neutralize: { args: ["<a>"], names: ["text"] },
      restore: { args: ["&lt;a>"], names: ["text"] },
    },
  },
  "tracker (createAgentsMdTracker)": {
    target: () => tracker ?? {},
    methods: {
      forPath: { args: [`${memoryRoot}/src/a.ts`], names: ["file"] },
      forDirectory: { args: [`${memoryRoot}/src`], names: ["directory"] },
    },
  },
  "recall (createRecall)": {
    target: () => createRecall(rolloutStore, { sessionId: storedSession }),
    methods: {
      search: { args: [{ text: "hello" }], names: ["query"] },
      run: { args: ['{"text":"hello"}'], names: ["argumentsJson"] },
    },
  },
  "session (createSession)": {
    target: () => createSession(),
    methods: {
      compact: { args: [{ guidance: "Keep file paths." }], names: ["options"], optional: [0] },
      reportUsage: { args: [{ totalTokens: 1_000 }], names: ["usage"] },
      recordTouchedPaths: { args: [["src/a.ts"], {}], names: ["paths", "options"], optional: [1] },
      recordAnswer: { args: [{ items: [] }], names: ["answer"] },
    },
  },
  "tokenizer (approximateTokenizer)": {
    target: () => approximateTokenizer,
    methods: { count: { args: ["hello"], names: ["text"] } },
  },
  "tokenizer (loadDefaultTokenizer)": {
    target: () => defaultTokenizer,
    methods: { count: { args: ["hello"], names: ["text"] } },
  },
  "model catalog (defaultModelCatalog)": {
    target: () => defaultModelCatalog,
    methods: { get: { args: ["gpt-5"], names: ["slug"] } },
  },
};

const root = join(import.meta.dirname, "..", "..", "..");

/**
 * The public entry points of the repository: each entry of every `packages/*` whose package.json
 * is not private (`@ctx/agents-md`, `@ctx/agents-md/node`, …). A test kit (`./testing`) is left
 * out: its functions declare tests, so they run inside a test file's collection, not a test.
 */
const publicEntries = readdirSync(join(root, "packages"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    const manifest = JSON.parse(
      readFileSync(join(root, "packages", entry.name, "package.json"), "utf8"),
    ) as { name: string; private?: boolean; exports?: Record<string, unknown> };
    if (manifest.private === true) return [];
    // A package with no "." entry (a command such as @ctx/cli) exports no function to walk.
    return Object.keys(manifest.exports ?? {})
      .filter((entry) => entry !== "./package.json" && entry !== "./testing")
      .map((entry) => `${manifest.name}${entry.slice(1)}`);
  })
  .sort();

// The heavy set-up (the o200k_base tokenizer, every public package's sources) is done while the
// file loads, outside any hook's time limit; the package's test files share one worker, so
// whichever file loads them first loads them for all.
const defaultTokenizer: object = await loadDefaultTokenizer();
const modules = new Map<string, Record<string, unknown>>();
for (const name of publicEntries) {
  modules.set(name, (await import(/* @vite-ignore */ name)) as Record<string, unknown>);
}
let tracker: object | undefined;
const valid = new Map<string, unknown[]>();

beforeAll(async () => {
  await rolloutStore.create({ id: storedSession });
  const { createAgentsMdTracker, createMemoryFileSystem } = await import("@ctx/agents-md");
  const fs = createMemoryFileSystem({ [`${memoryRoot}/AGENTS.md`]: "Be brief." });
  const options = { cwd: memoryRoot, home: "/home/none", fs };
  const loaded = await discoverAgentsMd(options);
  tracker = createAgentsMdTracker(loaded, { fs });
  const model = defaultModelCatalog.get("gpt-5");
  const registry = createStandardRegistry();
  const kind = registry.get("skill");
  valid.set("@ctx/fragments checkFragmentSize", [
    kind?.create({ name: "a", path: "/a", contents: "x" }),
  ]);
  valid.set("@ctx/agents-md createAgentsMdTracker", [loaded, { fs }]);
  valid.set("@ctx/agents-md createLoadedAgentsMd", [JSON.parse(JSON.stringify(loaded))]);
  valid.set("@ctx/agents-md discoverAgentsMd", [options]);
  valid.set("@ctx/skills discoverSkills", [{ directories: [memoryRoot], fs }]);
  valid.set("@ctx/codex-config readCodexConfig", [{ home: "/home/none", cwd: memoryRoot, fs }]);
  valid.set("@ctx/agents-md discoverAgentsMdForEnvironments", [
    [{ id: "local", cwd: memoryRoot }],
    { home: "/home/none", fs },
  ]);
  valid.set("@ctx/prompts applyModelOverrides", [model, {}]);
  valid.set("@ctx/prompts cacheMissDollars", [
    defaultModelCatalog.get("gpt-6.2-sol").pricing,
    1_000,
  ]);
  valid.set("@ctx/prompts getModelInstructions", [model, "friendly"]);
  valid.set("@ctx/prompts getPersonalityMessage", [model, "friendly"]);
  valid.set("@ctx/prompts resolveBaseInstructions", [{ model }]);
  valid.set("@ctx/prompts supportsPersonality", [model]);
});

/** What calling `run` with `args` ends in: a value, or the error it threw or rejected with. */
async function outcome(run: (...args: unknown[]) => unknown, args: readonly unknown[]) {
  try {
    return { thrown: false as const, value: await run(...args) };
  } catch (error) {
    return { thrown: true as const, error };
  }
}

/** Every wrong-argument call made, and those that gave an error that is not a CtxError. */
const tally = { calls: 0, raw: [] as string[] };

/** The calls that did not give a CtxError naming the parameter, as readable lines. */
async function untypedCalls(
  label: string,
  run: (...args: unknown[]) => unknown,
  row: Row,
  args: readonly unknown[],
): Promise<string[]> {
  const first = row.validCallNeedsService ? undefined : await outcome(run, args);
  if (first?.thrown) return [`${label}(valid arguments) threw ${String(first.error)}`];
  const failures: string[] = [];
  for (const [position, value] of args.entries()) {
    if (row.anything?.includes(position)) continue;
    for (const wrong of wrongValuesFor(value, row.optional?.includes(position) ?? false)) {
      const call = args.map((argument, index) => (index === position ? wrong : argument));
      const result = await outcome(run, call);
      const name = row.names[position] ?? `#${position}`;
      tally.calls += 1;
      if (result.thrown && !CtxError.isInstance(result.error)) {
        tally.raw.push(`${label}: ${name} → ${String(result.error).slice(0, 90)}`);
      }
      const named =
        result.thrown && CtxError.isInstance(result.error) && result.error.message.includes(name);
      if (!named) {
        failures.push(
          `${label}: ${name} = ${typeof wrong === "symbol" ? "Symbol" : (JSON.stringify(wrong) ?? "undefined")} → ${result.thrown ? String(result.error).slice(0, 90) : "returned"}`,
        );
      }
    }
  }
  return failures;
}

function exportedFunctions(module: Record<string, unknown>): string[] {
  return Object.entries(module)
    .filter(([name, value]) => typeof value === "function" && !/^[A-Z]/.test(name))
    .map(([name]) => name)
    .sort();
}

describe("wrong arguments at every public entry point", () => {
  it("covers every public entry point", () => {
    expect(Object.keys(rows).sort()).toEqual(publicEntries);
  });

  it.each(Object.keys(rows))("has a row for every exported function of %s", (name) => {
    const module = modules.get(name) ?? {};
    expect(exportedFunctions(module)).toEqual(Object.keys(rows[name] ?? {}).sort());
  });

  const cases = Object.entries(rows).flatMap(([name, table]) =>
    Object.entries(table).map(([exportName, row]) => ({ name, exportName, row })),
  );
  for (const { name, exportName, row } of cases) {
    it(`${name} ${exportName} throws a CtxError naming each wrong argument`, async () => {
      const value = modules.get(name)?.[exportName];
      if (typeof value !== "function") throw new Error(`${exportName} is not exported`);
      const args = valid.get(`${name} ${exportName}`) ?? row.args;
      const run = (...call: unknown[]) => Reflect.apply(value, undefined, call);
      expect(await untypedCalls(exportName, run, row, args)).toEqual([]);
    });
  }

  for (const [label, { target, methods }] of Object.entries(methodRows)) {
    for (const [method, row] of Object.entries(methods)) {
      it(`${label}.${method} throws a CtxError naming each wrong argument`, async () => {
        const object = await target();
        const value = Reflect.get(object, method);
        if (typeof value !== "function") throw new Error(`${method} is not a method`);
        const run = (...call: unknown[]) => Reflect.apply(value, object, call);
        expect(await untypedCalls(`${label}.${method}`, run, row, row.args)).toEqual([]);
      });
    }
  }

  it("every exported fragment kind and legacy recogniser refuses what is not a string or its data", async () => {
    const failures: string[] = [];
    for (const [name, module] of modules) {
      for (const [exportName, value] of Object.entries(module)) {
        for (const [index, entry] of (Array.isArray(value) ? value : [value]).entries()) {
          if (typeof entry !== "object" || entry === null || typeof entry.matches !== "function")
            continue;
          const label = `${name} ${exportName}${Array.isArray(value) ? `[${index}]` : ""}`;
          const call =
            (method: string) =>
            (...args: unknown[]) =>
              Reflect.apply(Reflect.get(entry, method), entry, args);
          failures.push(
            ...(await untypedCalls(
              `${label}.matches`,
              call("matches"),
              { args: ["x"], names: ["text"] },
              ["x"],
            )),
          );
          if (typeof entry.parse === "function") {
            failures.push(
              ...(await untypedCalls(
                `${label}.parse`,
                call("parse"),
                { args: ["x"], names: ["text"] },
                ["x"],
              )),
            );
          }
          if (typeof entry.create === "function") {
            for (const wrong of [null, 42, "x", [], Symbol("x")]) {
              const result = await outcome(call("create"), [wrong]);
              if (!(result.thrown && CtxError.isInstance(result.error))) {
                failures.push(
                  `${label}.create(${String(typeof wrong)}) → ${result.thrown ? String(result.error) : "returned"}`,
                );
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  // Declared last, so it runs after every walk above has added its calls to the tally.
  it("gives a CtxError, never a raw error, for every wrong argument of the walk", () => {
    expect(tally.calls).toBeGreaterThan(1_000);
    expect(tally.raw).toEqual([]);
  });
});
