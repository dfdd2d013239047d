import {
  type AgentsMdSharedOptions,
  discoverAgentsMdForEnvironments,
  type LoadedAgentsMd,
} from "@ctx/agents-md";
import { defaultModelCatalog, type ModelCatalog, resolveBaseInstructions } from "@ctx/prompts";
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
import { itemRecord } from "./session-records.js";
import { SessionState } from "./session-state.js";
import { SessionTokens } from "./tokens/session-tokens.js";
import type { TokenUsage } from "./tokens/token-usage.js";
import type { Tokenizer } from "./tokens/tokenizer.js";
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
   * What counts tokens for `tokenUsage`; when omitted, the o200k_base tokenizer, loaded on the
   * first `beginTurn`, `record` or resume (the bytes/4 estimate until then).
   */
  readonly tokenizer?: Tokenizer;
  /**
   * The token count at which the session compacts, instead of the model's own; never past 90% of
   * the model's context window. A positive whole number.
   */
  readonly autoCompactTokenLimit?: number;
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
  /**
   * How many tokens the next request carries (the base instructions and every item of the
   * current prompt view), the limits of the latest turn's model, and what takes the most. Each
   * item is counted once, so a call after a turn counts only what the turn added.
   */
  tokenUsage(): TokenUsage;
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
  const tokens = new SessionTokens(options);

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
      const warnings: CtxWarning[] = [...pendingWarnings, ...(await tokens.ready())];
      if (firstTurn && state.model !== undefined && state.model !== model.slug) {
        warnings.push({
          code: "resumed-with-another-model",
          message: `this session was recorded with the model "${state.model}" and resumes with "${model.slug}"; switching back may give better results`,
        });
      }
      const baseInstructions =
        state.baseInstructions ??
        resolveBaseInstructions({
          ...(options.baseInstructions === undefined ? {} : { override: options.baseInstructions }),
          model,
          ...(context.personality === undefined ? {} : { personality: context.personality }),
        });
      const turnState = resolveTurnState(context, { model, baseInstructions, agentsMd });
      const slots: Record<string, unknown> = { ...context.extensions };
      for (const [section, value] of Object.entries(turnState)) {
        if (section in slots) {
          throw new SessionError(`the extension slot "${section}" is a standard section's`);
        }
        slots[section] = value;
      }

      const full = state.fullContext;
      const { fragments, snapshots } = evaluateSections(state, slots, full, warnings);
      if (
        agentsMd !== undefined &&
        fragments.some((fragment) => fragment.kind.section?.id === "agents_md")
      )
        warnings.push(...agentsMd.warnings);
      const messages = full
        ? buildInitialContext(registry, fragments, envelopeOptions)
        : buildContextUpdate(registry, fragments, envelopeOptions);
      const entries: HistoryEntry[] = [
        ...messages.map(({ message, kinds }) => ({
          item: message,
          origin: { source: "context" as const, kinds },
        })),
        { item: userMessage, origin: { source: "user" } },
      ];
      const patch = full ? snapshots : createMergePatch(state.snapshots, snapshots);
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
          { type: "world_state", payload: { full, state: patch ?? {} } },
        ],
        context.environments[0]?.cwd,
      );
      seed = [];
      pendingWarnings = [];
      firstTurn = false;
      state.beginTurn(model.slug, baseInstructions);
      for (const entry of entries) state.append(entry);
      state.commitSnapshots(full, patch ?? {});

      tokens.imageInput = context.imageInput ?? true;
      const view = state.prompt.view({ imageInput: tokens.imageInput });
      const cacheBreak =
        lastView === undefined ? undefined : explainCacheBreak(lastView, view, registry);
      lastView = view;
      return {
        instructions: baseInstructions,
        input: view.items,
        warnings,
        ...(cacheBreak === undefined ? {} : { cacheBreak }),
      };
    });
  };

  return {
    id,
    beginTurn,
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
        pendingWarnings.push(...(await tokens.ready()));
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
    tokenUsage: () => tokens.usage(state, catalog),
  };
}
