import {
  type AgentsMdSharedOptions,
  discoverAgentsMdForEnvironments,
  type LoadedAgentsMd,
} from "@ctx/agents-md";
import {
  defaultModelCatalog,
  type ModelCatalog,
  type ModelInfo,
  resolveBaseInstructions,
} from "@ctx/prompts";
import {
  describeSchemaIssues,
  type ResponseItem,
  responseItemSchema,
  toSchemaIssues,
} from "@ctx/protocol";
import { createStandardRegistry, type Registry } from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { rolloutStoreSchema, sessionOptionsShape } from "./argument-schemas.js";
import { buildContextUpdate } from "./build-context-update.js";
import { buildInitialContext } from "./build-initial-context.js";
import { type CacheBreak, explainCacheBreak } from "./cache-break.js";
import { compactOptionsSchema } from "./compact-options.js";
import type { CompactionOptions } from "./compaction/compaction-options.js";
import type { CompactionReport, CompactionTrigger } from "./compaction/compaction-report.js";
import {
  compactionLimit,
  compactionTokenizer,
  measureTokens,
} from "./compaction/measure-tokens.js";
import { prepareCompaction } from "./compaction/prepare-compaction.js";
import type { Summarizer } from "./compaction/summarizer.js";
import { contextEntry } from "./context-entry.js";
import type { EnvelopeOptions } from "./context-message.js";
import { evaluateSections } from "./evaluate-sections.js";
import { createMergePatch } from "./merge-patch.js";
import { defaultOrigin, type HistoryEntry, type Origin } from "./origin.js";
import { parseArgument } from "./parse-argument.js";
import { parseUserInput, type UserInput } from "./parse-user-input.js";
import type { PromptView } from "./prompt-builder.js";
import { resolveTurnState } from "./resolve-turn-state.js";
import type { RolloutRecord } from "./rollout/rollout-record.js";
import { sessionIdSchema } from "./rollout/rollout-schemas.js";
import type { RolloutStore } from "./rollout/rollout-store.js";
import { SessionError } from "./session-error.js";
import { compactionRecord, itemRecord } from "./session-records.js";
import { SessionState } from "./session-state.js";
import { parseTurnContext, type TurnContext } from "./turn-context.js";

/** Options of {@link createSession}; every one has a working default. */
export interface SessionOptions {
  /** The fragment kinds, in order; the standard registry when omitted. Add extension kinds here. */
  readonly registry?: Registry;
  /** The model catalog; `@ctx/prompts`' default catalog when omitted. */
  readonly catalog?: ModelCatalog;
  /**
   * Where the rollout is written; every record is durable before `beginTurn` returns. When
   * omitted, nothing is persisted.
   */
  readonly store?: RolloutStore;
  /** The id of the session in the store; a random UUID when omitted. */
  readonly sessionId?: string;
  /** Base instructions to use instead of the model's. */
  readonly baseInstructions?: string;
  /** How fragments sharing a message are joined; see {@link EnvelopeOptions}. */
  readonly separator?: EnvelopeOptions["separator"];
  /**
   * A history to continue (from `readCodexRollout`, say). It has no snapshots, so the first
   * turn sends the full context, reading sections the history already shows as unknown: an
   * AGENTS.md block there makes the current one a replacement.
   */
  readonly history?: readonly HistoryEntry[];
  /**
   * Writes compaction summaries. Without one, a compaction keeps the user's messages and a
   * summary the session writes itself from the history, with a warning.
   */
  readonly summarizer?: Summarizer;
  /** How compaction works: guidance for the summarizer, its timeout, tool-output pruning. */
  readonly compaction?: CompactionOptions;
}

/** Options of {@link Session.compact}. */
export interface CompactOptions {
  /**
   * A compacted history to install instead of summarizing: a provider's compacted items passed
   * through `filterCompactedItems`.
   */
  readonly replacement?: readonly HistoryEntry[];
  /** Rules for this summary, after the session's `compaction.guidance`. */
  readonly guidance?: string;
  /** Stops the summarizer; the session then writes a fallback summary. */
  readonly signal?: AbortSignal;
}

/** Exactly what goes to the model for one request. */
export interface ModelRequest {
  /** The base instructions (the Responses API's `instructions`). */
  readonly instructions: string;
  /** The history, context first, then the turn's updates and the user's message. */
  readonly input: readonly ResponseItem[];
  /** Every limit reached on the way: a fragment over its size, a cut AGENTS.md, … */
  readonly warnings: readonly CtxWarning[];
  /** Present when `input` does not begin with the previous request's input. */
  readonly cacheBreak?: CacheBreak;
  /** Present when the history was compacted since the previous request. */
  readonly compaction?: CompactionReport;
}

/** A conversation with a model: turn assembly, diffing, history and its rollout. */
export interface Session {
  /** The id of the session's rollout. */
  readonly id: string;
  /**
   * Begins a turn: validates `turnContext`, sends the full context on a first turn (or once the
   * baseline is lost) and afterwards only what changed, records it and the user's message, and
   * returns the request; add what the session does not own (tools, say) by spreading it in.
   * @throws {SessionError} when the turn context or the input does not fit its schema.
   * @throws {FragmentError} when a turn-state slot does not fit its section's schema.
   */
  beginTurn(turnContext: TurnContext, userInput: UserInput): Promise<ModelRequest>;
  /**
   * The next request of the current turn, once the model's output and the tools' results are
   * recorded. When they left the history over the model's compaction limit, it is compacted
   * first and the full current context goes in just before the last message of the user's.
   * @throws {SessionError} when no turn has begun.
   */
  nextRequest(): Promise<ModelRequest>;
  /**
   * Compacts the history now: summarizes it (or installs `options.replacement`) and keeps the
   * user's messages, so the next request sends the full current context, then those messages,
   * then the summary. Returns what it did; `undefined` when there was nothing to compact (no
   * history, or nothing new since the last compaction).
   * @throws {SessionError} when `options` does not fit its type, or the history has no model.
   */
  compact(options?: CompactOptions): Promise<CompactionReport | undefined>;
  /**
   * Records what the model and the tools produced. Items of a tool's output type are the tool's;
   * everything else is the model's unless `origin` says otherwise.
   * @throws {SessionError} when an item does not fit the response item schema.
   */
  record(items: readonly ResponseItem[], origin?: Origin): Promise<void>;
  /** The history with the origin of each item. */
  history(): readonly HistoryEntry[];
  /**
   * Drops the last `userTurns` real user turns and the context that came with them; returns how
   * many were dropped. When a dropped message mixed injected and plain developer text, the next
   * turn sends the full context again.
   * @throws {SessionError} when `userTurns` is not a positive integer.
   */
  rollback(userTurns: number): Promise<number>;
}

/**
 * Creates a session. Nothing is sent or written until the first turn.
 *
 * @throws {SessionError} naming the option (`options.history[0].item: …`) when `options` does not
 * fit its type: an unknown field, a `history` entry that does not fit its schema, and so on.
 * @example
 * ```ts
 * const session = createSession();
 * const request = await session.beginTurn(
 *   { model: "ctx-coder", environments: [{ id: "local", cwd: "/repo", shell: "bash" }] },
 *   "Fix the tests.",
 * );
 * request.input.length; // 2: the context message, then the user's message
 * ```
 */
export function createSession(options: SessionOptions = {}): Session {
  const history = parseArgument(createOptionsSchema, options, "options").history ?? [];
  const state = new SessionState(options.registry ?? createStandardRegistry());
  for (const entry of history) state.append(entry);
  return openSession(state, options, { created: false, nextSequence: 0 }, [], history);
}

const createOptionsSchema = z.strictObject({
  ...sessionOptionsShape,
  store: rolloutStoreSchema.optional(),
  sessionId: sessionIdSchema.optional(),
});

/** Where a session's rollout stands in its store. */
export interface RolloutPosition {
  readonly created: boolean;
  readonly nextSequence: number;
}

const positiveIntegerSchema = z.number().int().positive();

/** A session over `state`, as {@link createSession} or a resume builds it. */
export function openSession(
  state: SessionState,
  options: SessionOptions,
  position: RolloutPosition,
  startWarnings: readonly CtxWarning[] = [],
  unwritten: readonly HistoryEntry[] = [],
): Session {
  const { registry } = state;
  const catalog = options.catalog ?? defaultModelCatalog;
  const id = options.sessionId ?? globalThis.crypto.randomUUID();
  const envelopeOptions: EnvelopeOptions =
    options.separator === undefined ? {} : { separator: options.separator };
  let created = position.created;
  let nextSequence = position.nextSequence;
  let queue: Promise<unknown> = Promise.resolve();
  let lastView: PromptView | undefined;
  let pendingWarnings = [...startWarnings];
  let firstTurn = true;
  let seed = unwritten;
  const discovered = new Map<string, LoadedAgentsMd>();

  /** Runs `task` after every earlier one, so appends name the right sequence. */
  const serial = <Value>(task: () => Promise<Value>): Promise<Value> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const write = async (records: readonly RolloutRecord[], cwd?: string): Promise<void> => {
    const { store } = options;
    if (store === undefined || records.length === 0) return;
    if (!created) {
      await store.create({
        id,
        ...(cwd === undefined ? {} : { cwd }),
        meta: { writer: "@ctx/session", format: 1 },
      });
      created = true;
    }
    const result = await store.append({
      sessionId: id,
      expectedSequence: nextSequence,
      appendId: `${id}:${nextSequence}`,
      records,
    });
    nextSequence = result.nextSequence;
  };

  const loadAgentsMd = async (
    environments: readonly { readonly id: string; readonly cwd: string }[],
    discover: AgentsMdSharedOptions,
  ): Promise<LoadedAgentsMd> => {
    const key = JSON.stringify(environments.map(({ id: environment, cwd }) => [environment, cwd]));
    const cached = discovered.get(key);
    if (cached !== undefined) return cached;
    const loaded = await discoverAgentsMdForEnvironments(
      environments.map(({ id: environment, cwd }) => ({ id: environment, cwd })),
      discover,
    );
    discovered.clear();
    discovered.set(key, loaded);
    return loaded;
  };

  /** The settings of the latest turn, for the requests that follow inside it. */
  let currentTurn: TurnSettings | undefined;
  /** A compaction the next request reports. */
  let pendingReport: CompactionReport | undefined;

  /** What the turn sends of its context given the baseline, and the snapshots to commit. */
  const evaluateContext = (slots: Readonly<Record<string, unknown>>, warnings: CtxWarning[]) => {
    const full = state.fullContext;
    const { fragments, snapshots } = evaluateSections(state, slots, full, warnings);
    const messages = full
      ? buildInitialContext(registry, fragments, envelopeOptions)
      : buildContextUpdate(registry, fragments, envelopeOptions);
    const patch = full ? snapshots : createMergePatch(state.snapshots, snapshots);
    return { full, fragments, entries: messages.map(contextEntry), patch: patch ?? {} };
  };

  /**
   * Compacts the history: summarizes it (or installs `replacement`), places the full current
   * context (mid-turn, from `slots`) or clears the baseline, writes the checkpoint, installs it.
   */
  const runCompaction = async (
    trigger: CompactionTrigger,
    request: {
      readonly model: string;
      readonly instructions: string;
      readonly imageInput: boolean;
      readonly replacement?: readonly HistoryEntry[] | undefined;
      readonly guidance?: string | undefined;
      readonly signal?: AbortSignal | undefined;
      readonly slots?: Readonly<Record<string, unknown>>;
    },
  ): Promise<CompactionReport> => {
    const before = state.prompt.view({ imageInput: request.imageInput }).items;
    const { checkpoint, warnings } = await prepareCompaction({
      ...request,
      state,
      items: before,
      summarizer: options.summarizer,
      options: options.compaction ?? {},
      envelopeOptions,
      tokenizer: compactionTokenizer,
    });
    await write([...seed.map(itemRecord), compactionRecord(checkpoint, trigger)]);
    seed = [];
    state.installCompaction(checkpoint);
    const after = state.prompt.view({ imageInput: request.imageInput }).items;
    return {
      trigger,
      itemsBefore: before.length,
      itemsAfter: after.length,
      tokensBefore: measureTokens(request.instructions, before),
      tokensAfter: measureTokens(request.instructions, after),
      warnings,
    };
  };

  /** The request for the history as it stands. */
  const respond = (
    instructions: string,
    imageInput: boolean,
    warnings: readonly CtxWarning[],
    report: CompactionReport | undefined,
  ): ModelRequest => {
    const view = state.prompt.view({ imageInput });
    const cacheBreak =
      lastView === undefined ? undefined : explainCacheBreak(lastView, view, registry);
    lastView = view;
    return {
      instructions,
      input: view.items,
      warnings: report === undefined ? warnings : [...warnings, ...report.warnings],
      ...(cacheBreak === undefined ? {} : { cacheBreak }),
      ...(report === undefined ? {} : { compaction: report }),
    };
  };

  const beginTurn = async (
    turnContext: TurnContext,
    userInput: UserInput,
  ): Promise<ModelRequest> => {
    const context = parseTurnContext(turnContext);
    const userMessage = parseUserInput(userInput);
    const agentsMd =
      context.agentsMd === undefined
        ? undefined
        : "discover" in context.agentsMd
          ? await loadAgentsMd(
              context.environments.filter((environment) => environment.status !== "starting"),
              context.agentsMd.discover,
            )
          : context.agentsMd;
    return serial(async () => {
      const model = catalog.get(context.model);
      const imageInput = context.imageInput ?? true;
      const warnings: CtxWarning[] = [...pendingWarnings];
      if (firstTurn && state.model !== undefined && state.model !== model.slug) {
        warnings.push({
          code: "resumed-with-another-model",
          message: `this session was recorded with the model "${state.model}" and resumes with "${model.slug}"; switching back may give better results`,
        });
      }
      const resolveInstructions = (info: ModelInfo): string =>
        state.baseInstructions ??
        resolveBaseInstructions({
          ...(options.baseInstructions === undefined ? {} : { override: options.baseInstructions }),
          model: info,
          ...(context.personality === undefined ? {} : { personality: context.personality }),
        });
      let report = pendingReport;
      const previous = state.model === undefined ? undefined : catalog.get(state.model);
      const used = measureTokens(
        resolveInstructions(model),
        state.prompt.view({ imageInput }).items,
      );
      if (!state.justCompacted && used >= compactionLimit(model)) {
        const downshift = previous !== undefined && previous.contextWindow > model.contextWindow;
        const summarizing = downshift ? previous : (previous ?? model);
        report = await runCompaction(downshift ? "model-downshift" : "context-limit", {
          model: summarizing.slug,
          instructions: resolveInstructions(summarizing),
          imageInput,
        });
      }
      const baseInstructions = resolveInstructions(model);
      const turnState = resolveTurnState(context, { model, baseInstructions, agentsMd });
      const slots: Record<string, unknown> = { ...context.extensions };
      for (const [section, value] of Object.entries(turnState)) {
        if (section in slots) {
          throw new SessionError(`the extension slot "${section}" is a standard section's`);
        }
        slots[section] = value;
      }

      const { full, fragments, entries: contextEntries, patch } = evaluateContext(slots, warnings);
      if (
        agentsMd !== undefined &&
        fragments.some((fragment) => fragment.kind.section?.id === "agents_md")
      )
        warnings.push(...agentsMd.warnings);
      const entries: HistoryEntry[] = [
        ...contextEntries,
        { item: userMessage, origin: { source: "user" } },
      ];
      const index = state.turnCount + 1;
      await write(
        [
          ...seed.map(itemRecord),
          {
            type: "turn",
            payload: {
              index,
              model: model.slug,
              ...(state.baseInstructions === undefined ? { baseInstructions } : {}),
            },
          },
          ...entries.map(itemRecord),
          { type: "world_state", payload: { full, state: patch } },
        ],
        context.environments[0]?.cwd,
      );
      seed = [];
      pendingWarnings = [];
      pendingReport = undefined;
      firstTurn = false;
      state.beginTurn(model.slug, baseInstructions);
      for (const entry of entries) state.append(entry);
      state.commitSnapshots(full, patch);
      currentTurn = { slots, model, baseInstructions, imageInput };
      return respond(baseInstructions, imageInput, warnings, report);
    });
  };

  const nextRequest = (): Promise<ModelRequest> =>
    serial(async () => {
      const turn = currentTurn;
      if (turn === undefined) {
        throw new SessionError("nextRequest continues a turn: call beginTurn first");
      }
      const warnings = [...pendingWarnings];
      let report = pendingReport;
      if (state.fullContext) {
        // A compaction since the turn began cleared the baseline: send the full context again.
        const { full, entries, patch } = evaluateContext(turn.slots, warnings);
        await write([
          ...entries.map(itemRecord),
          { type: "world_state", payload: { full, state: patch } },
        ]);
        for (const entry of entries) state.append(entry);
        state.commitSnapshots(full, patch);
      } else if (
        !state.justCompacted &&
        measureTokens(
          turn.baseInstructions,
          state.prompt.view({ imageInput: turn.imageInput }).items,
        ) >= compactionLimit(turn.model)
      ) {
        report = await runCompaction("mid-turn", {
          model: turn.model.slug,
          instructions: turn.baseInstructions,
          imageInput: turn.imageInput,
          slots: turn.slots,
        });
      }
      pendingWarnings = [];
      pendingReport = undefined;
      return respond(turn.baseInstructions, turn.imageInput, warnings, report);
    });

  return {
    id,
    beginTurn,
    nextRequest,
    compact: async (compactOptions = {}) => {
      const parsed = parseArgument(compactOptionsSchema, compactOptions, "options");
      return serial(async () => {
        const { replacement } = parsed;
        if (replacement === undefined && (state.justCompacted || state.entries.length === 0)) {
          return undefined;
        }
        const slug = state.model ?? currentTurn?.model.slug;
        if (slug === undefined) {
          throw new SessionError("compact needs the model of a turn: call beginTurn first");
        }
        const model = catalog.get(slug);
        const report = await runCompaction(replacement === undefined ? "manual" : "server", {
          model: slug,
          instructions:
            state.baseInstructions ??
            resolveBaseInstructions({
              ...(options.baseInstructions === undefined
                ? {}
                : { override: options.baseInstructions }),
              model,
            }),
          imageInput: currentTurn?.imageInput ?? true,
          replacement,
          guidance: parsed.guidance,
          signal: parsed.signal,
        });
        pendingReport = report;
        return report;
      });
    },
    record: async (items, origin) => {
      const entries = items.map((value, index) => {
        const parsed = responseItemSchema.safeParse(value);
        if (!parsed.success) {
          const issues = toSchemaIssues(parsed.error);
          throw new SessionError(`invalid item ${index}: ${describeSchemaIssues(issues)}`, issues);
        }
        return { item: parsed.data, origin: origin ?? defaultOrigin(parsed.data) };
      });
      return serial(async () => {
        await write(entries.map(itemRecord));
        for (const entry of entries) state.append(entry);
      });
    },
    history: () => state.entries.slice(),
    rollback: async (userTurns) => {
      if (!positiveIntegerSchema.safeParse(userTurns).success) {
        throw new SessionError(`rollback needs a positive whole number of turns, not ${userTurns}`);
      }
      return serial(async () => {
        await write([{ type: "rollback", payload: { userTurns } }]);
        return state.rollback(userTurns).droppedTurns;
      });
    },
  };
}

/** What the requests after a turn's first one need of it. */
interface TurnSettings {
  readonly slots: Readonly<Record<string, unknown>>;
  readonly model: ModelInfo;
  readonly baseInstructions: string;
  readonly imageInput: boolean;
}
