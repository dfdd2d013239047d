import { defaultModelCatalog, type ModelInfo, resolveBaseInstructions } from "@ctx/prompts";
import { declareExtension, responseItemSchema } from "@ctx/protocol";
import { type CtxWarning, describeValue } from "@ctx/text";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { compactOptionsSchema } from "./compaction/compact-options.js";
import type { CompactionReport, CompactionTrigger } from "./compaction/compaction-report.js";
import { prepareCompaction } from "./compaction/prepare-compaction.js";
import { buildContextUpdate } from "./envelope/build-context-update.js";
import { buildInitialContext } from "./envelope/build-initial-context.js";
import { contextEntry } from "./envelope/context-entry.js";
import type { EnvelopeOptions } from "./envelope/context-message.js";
import { defaultOrigin, type HistoryEntry } from "./history/origin.js";
import type { PromptView } from "./history/prompt-builder.js";
import { createSerialQueue } from "./log/serial-queue.js";
import {
  compactionRecord,
  itemRecord,
  originSchema,
  reportedUsageSchema,
  type SessionRecord,
  toRolloutRecord,
} from "./log/session-records.js";
import { type RolloutPosition, SessionWriter } from "./log/session-writer.js";
import type { ModelRequest, Session, SessionOptions } from "./session.js";
import { SessionError } from "./session-error.js";
import type { SessionState } from "./session-state.js";
import { SessionTokens } from "./tokens/session-tokens.js";
import { resolveTokenLimits } from "./tokens/token-limits.js";
import { AgentsMdCache } from "./turn/agents-md-cache.js";
import { explainCacheBreak } from "./turn/cache-break.js";
import { evaluateSections } from "./turn/evaluate-sections.js";
import { createMergePatch } from "./turn/merge-patch.js";
import { createModelLookup } from "./turn/model-lookup.js";
import { parseUserInput, type UserInput } from "./turn/parse-user-input.js";
import { resolveTurnState } from "./turn/resolve-turn-state.js";
import { sentRequestPrefix } from "./turn/sent-request.js";
import { parseTurnContext, type TurnContext } from "./turn/turn-context.js";

const positiveIntegerSchema = z.number().int().positive();

/** A session over `state`, as `createSession` or a resume builds it. */
export function openSession(
  state: SessionState,
  options: SessionOptions,
  position: RolloutPosition,
  startWarnings: readonly CtxWarning[] = [],
  unwritten: readonly HistoryEntry[] = [],
): Session {
  const { registry } = state;
  const models = createModelLookup(options.catalog ?? defaultModelCatalog, options);
  const id = options.sessionId ?? globalThis.crypto.randomUUID();
  const envelopeOptions: EnvelopeOptions =
    options.separator === undefined ? {} : { separator: options.separator };
  let lastView: PromptView | undefined;
  let pendingWarnings = [...startWarnings];
  let firstTurn = true;
  const agentsMdCache = new AgentsMdCache();
  const tokens = new SessionTokens(options);
  /** Runs `task` after every earlier one, so appends name the right sequence. */
  const serial = createSerialQueue();
  const writer = new SessionWriter(options.store, id, position, unwritten);
  /** Writes `records`, then applies them to the state: what is written is what the state is. */
  const commit = async (records: readonly SessionRecord[], cwd?: string): Promise<void> => {
    await writer.write(records.map(toRolloutRecord), cwd);
    for (const record of records) state.apply(record);
  };

  /** The settings of the latest turn, for the requests that follow inside it. */
  let currentTurn: CurrentTurn | undefined;
  /** A compaction the next request reports. */
  let pendingReport: CompactionReport | undefined;

  /** What the turn sends of its context given the baseline, and the snapshots to commit. */
  const evaluateContext = (
    turnState: Readonly<Record<string, unknown>>,
    warnings: CtxWarning[],
  ) => {
    const full = state.fullContext;
    const { fragments, snapshots } = evaluateSections(state, turnState, full, warnings);
    const messages = full
      ? buildInitialContext(registry, fragments, envelopeOptions)
      : buildContextUpdate(registry, fragments, envelopeOptions);
    const patch = full ? snapshots : createMergePatch(state.snapshots, snapshots);
    return { full, fragments, entries: messages.map(contextEntry), patch: patch ?? {} };
  };

  /** The tokens the next request carries, by the session's token accounting. */
  const usedTokens = (imageInput: boolean): number => tokens.usage(state, models, imageInput).used;

  /** Whether the history has reached `model`'s compaction limit or its usable window. */
  const overLimit = (model: ModelInfo, imageInput: boolean): boolean => {
    const { autoCompactTokenLimit } = options;
    const limits = resolveTokenLimits(
      model,
      autoCompactTokenLimit === undefined ? {} : { autoCompactTokenLimit },
    );
    const used = usedTokens(imageInput);
    return [limits.autoCompactLimit, limits.usableWindow].some(
      (limit) => limit !== undefined && used >= limit,
    );
  };

  /**
   * Compacts the history: summarizes it (or installs `replacement`), places the full current
   * context (mid-turn, from `turnState`) or clears the baseline, writes the checkpoint, installs it.
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
      readonly turnState?: Readonly<Record<string, unknown>>;
    },
  ): Promise<CompactionReport> => {
    const before = state.prompt.view({ imageInput: request.imageInput }).items;
    const tokensBefore = usedTokens(request.imageInput);
    const { checkpoint, warnings } = await prepareCompaction({
      ...request,
      state,
      items: before,
      summarizer: options.summarizer,
      options: options.compaction ?? {},
      envelopeOptions,
      tokenizer: tokens.tokenizer,
    });
    const sent = previousRequest(request.imageInput);
    const kept =
      sent === undefined
        ? checkpoint
        : { ...checkpoint, lastRequest: sentRequestPrefix(sent, checkpoint.entries.length) };
    await commit([compactionRecord(kept, trigger)]);
    const after = state.prompt.view({ imageInput: request.imageInput }).items;
    return {
      trigger,
      itemsBefore: before.length,
      itemsAfter: after.length,
      tokensBefore,
      tokensAfter: usedTokens(request.imageInput),
      warnings,
    };
  };

  /**
   * The last request sent, which the next is compared with: this session's own, or after a
   * resume, rollback or fork the one its rollout records last.
   */
  const previousRequest = (imageInput: boolean): PromptView | undefined => {
    const recorded = state.recordedRequest;
    return lastView ?? (imageInput ? recorded?.withImages : recorded?.textOnly);
  };

  /**
   * The request for the history as it stands, compared with `previous`: the request before it,
   * taken before this turn's records were applied (they make the history the recorded request).
   */
  const respond = (
    instructions: string,
    imageInput: boolean,
    warnings: readonly CtxWarning[],
    report: CompactionReport | undefined,
    previous: PromptView | undefined,
  ): ModelRequest => {
    const view = state.prompt.view({ imageInput });
    const cacheBreak =
      previous === undefined ? undefined : explainCacheBreak(previous, view, registry);
    const input = view.items;
    // The previous request's input was read when it was made, so this costs no copy.
    if (lastView !== undefined && view.extends(lastView) === true) {
      declareExtension(input, lastView.items);
    }
    lastView = view;
    return {
      instructions,
      input,
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
          ? await agentsMdCache.load(
              context.environments.filter((environment) => environment.status !== "starting"),
              context.agentsMd.discover,
            )
          : context.agentsMd;
    return serial(async () => {
      const model = models.get(context.model);
      const imageInput = context.imageInput ?? true;
      const warnings: CtxWarning[] = [...pendingWarnings, ...(await tokens.ready())];
      if (firstTurn || state.model !== model.slug) {
        const unknown = models.unknownModelWarning(model.slug);
        if (unknown !== undefined) warnings.push(unknown);
      }
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
      const baseInstructions = resolveInstructions(model);
      const standardState = resolveTurnState(context, { model, baseInstructions, agentsMd });
      const turnState: Record<string, unknown> = { ...context.extensions };
      for (const [section, value] of Object.entries(standardState)) {
        if (section in turnState) {
          throw new SessionError(
            "invalid-argument",
            `the extension slot "${section}" is a standard section's`,
          );
        }
        turnState[section] = value;
      }
      let report = pendingReport;
      const previous = state.model === undefined ? undefined : models.get(state.model);
      if (!state.justCompacted && overLimit(model, imageInput)) {
        // Every slot is checked against its section before the summarizer is paid or a
        // compaction written: a turn refused for its turn state leaves no trace.
        evaluateSections(state, turnState, true, []);
        const downshift = previous !== undefined && previous.contextWindow > model.contextWindow;
        const summarizing = downshift ? previous : (previous ?? model);
        report = await runCompaction(downshift ? "model-downshift" : "context-limit", {
          model: summarizing.slug,
          instructions: resolveInstructions(summarizing),
          imageInput,
        });
      }

      const {
        full,
        fragments,
        entries: contextEntries,
        patch,
      } = evaluateContext(turnState, warnings);
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
      const previousView = previousRequest(imageInput);
      await commit(
        [
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
      pendingWarnings = [];
      pendingReport = undefined;
      firstTurn = false;
      currentTurn = { turnState, model, baseInstructions, imageInput };
      return respond(baseInstructions, imageInput, warnings, report, previousView);
    });
  };

  const nextRequest = (): Promise<ModelRequest> =>
    serial(async () => {
      const turn = currentTurn;
      if (turn === undefined) {
        throw new SessionError(
          "turn-not-started",
          "nextRequest continues a turn: call beginTurn first",
        );
      }
      const warnings = [...pendingWarnings];
      let report = pendingReport;
      const previousView = previousRequest(turn.imageInput);
      if (state.fullContext) {
        // A compaction since the turn began cleared the baseline: send the full context again.
        const { full, entries, patch } = evaluateContext(turn.turnState, warnings);
        await commit([
          ...entries.map(itemRecord),
          { type: "world_state", payload: { full, state: patch } },
        ]);
      } else if (!state.justCompacted && overLimit(turn.model, turn.imageInput)) {
        report = await runCompaction("mid-turn", {
          model: turn.model.slug,
          instructions: turn.baseInstructions,
          imageInput: turn.imageInput,
          turnState: turn.turnState,
        });
      }
      pendingWarnings = [];
      pendingReport = undefined;
      return respond(turn.baseInstructions, turn.imageInput, warnings, report, previousView);
    });

  return {
    id,
    beginTurn,
    nextRequest,
    compact: async (compactOptions = {}) => {
      const parsed = checkSchema("options", compactOptions, compactOptionsSchema);
      return serial(async () => {
        const { replacement } = parsed;
        if (replacement === undefined && (state.justCompacted || state.entries.length === 0)) {
          return undefined;
        }
        const slug = state.model ?? currentTurn?.model.slug;
        if (slug === undefined) {
          throw new SessionError(
            "turn-not-started",
            "compact needs the model of a turn: call beginTurn first",
          );
        }
        const model = models.get(slug);
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
      checkSchema("items", items, z.array(z.unknown()));
      const checkedOrigin =
        origin === undefined ? undefined : checkSchema("origin", origin, originSchema);
      const entries = items.map((value, index) => {
        const item = checkSchema(`items[${index}]`, value, responseItemSchema);
        return { item, origin: checkedOrigin ?? defaultOrigin(item) };
      });
      return serial(async () => {
        pendingWarnings.push(...(await tokens.ready()));
        await commit(entries.map(itemRecord));
      });
    },
    reportUsage: async (usage) => {
      const { totalTokens } = checkSchema("usage", usage, reportedUsageSchema);
      return serial(async () => {
        await commit([{ type: "reported_usage", payload: { totalTokens } }]);
      });
    },
    history: () => state.entries.slice(),
    rollback: async (userTurns) => {
      if (!positiveIntegerSchema.safeParse(userTurns).success) {
        throw new SessionError(
          "invalid-argument",
          `userTurns: rollback needs a positive whole number of turns, not ${describeValue(userTurns)}`,
        );
      }
      return serial(async () => {
        const record = { type: "rollback", payload: { userTurns } } as const;
        await writer.write([toRolloutRecord(record)]);
        return state.apply(record).droppedTurns;
      });
    },
    tokenUsage: () => tokens.usage(state, models, currentTurn?.imageInput ?? true),
  };
}

/** What the requests after a turn's first one need of it. */
interface CurrentTurn {
  readonly turnState: Readonly<Record<string, unknown>>;
  readonly model: ModelInfo;
  readonly baseInstructions: string;
  readonly imageInput: boolean;
}
