import type { CtxWarning } from "@ctx/text";
import { overCompactionLimit } from "../compaction/over-compaction-limit.js";
import { runCompaction } from "../compaction/run-compaction.js";
import type { HistoryEntry } from "../history/origin.js";
import { resendNestedAgentsMd } from "../injected/resend-nested-agents-md.js";
import { itemRecord } from "../log/session-records.js";
import type { ModelRequest } from "../session.js";
import type { SessionParts } from "../session-parts.js";
import { baseInstructionsFor } from "./base-instructions.js";
import { configuredBaseInstructions } from "./configured-base-instructions.js";
import type { CurrentTurn } from "./current-turn.js";
import { evaluateContext } from "./evaluate-context.js";
import { evaluateSections } from "./evaluate-sections.js";
import { modelWarnings } from "./model-warnings.js";
import type { PreparedTurn } from "./prepare-turn.js";
import { buildTurnState } from "./turn-state.js";

/**
 * Begins a turn: compacts first when the history has reached the model's limit (the previous
 * model summarizes when the new one's window is smaller), commits the turn, its context (in
 * full, or what changed) and the user's message, and returns the turn's first request with the
 * turn the later requests continue. `firstTurn` is whether it is this session object's first.
 *
 * @throws {SessionError} when an extension slot has a standard section's id.
 * @throws {FragmentError} when a slot does not fit its section: before anything is compacted.
 * @throws the reason of `signal` once it has aborted, before anything is written.
 */
export async function beginTurn(
  parts: SessionParts,
  { context, userMessage, agentsMd }: PreparedTurn,
  firstTurn: boolean,
  signal: AbortSignal | undefined,
): Promise<{ readonly request: ModelRequest; readonly turn: CurrentTurn }> {
  const { state, options, models, requests } = parts;
  const model = models.get(context.model);
  const imageInput = context.imageInput ?? true;
  const warnings: CtxWarning[] = [...requests.heldWarnings, ...(await parts.tokens.ready())];
  warnings.push(...modelWarnings(state, models, model, firstTurn));
  const baseInstructions = baseInstructionsFor(state, options, model, context.personality);
  const configuredBase = configuredBaseInstructions(state, options, model, context.personality);
  const turnState = buildTurnState(context, { model, baseInstructions, configuredBase, agentsMd });
  let report = requests.heldReport;
  const previous = state.model === undefined ? undefined : models.get(state.model);
  if (!state.justCompacted && overCompactionLimit(parts, model, imageInput)) {
    // Every slot is checked against its section before the summarizer is paid or a
    // compaction written: a turn refused for its turn state leaves no trace.
    evaluateSections(state, turnState, true, []);
    const downshift = previous !== undefined && previous.contextWindow > model.contextWindow;
    const summarizing = downshift ? previous : (previous ?? model);
    report = await runCompaction(parts, downshift ? "model-downshift" : "context-limit", {
      model: summarizing.slug,
      instructions: baseInstructionsFor(state, options, summarizing, context.personality),
      imageInput,
      baseInstructions: configuredBase,
      turnSignal: signal,
    });
  }

  const {
    full,
    fragments,
    entries: contextEntries,
    patch,
  } = evaluateContext(state, turnState, parts.envelopeOptions, warnings);
  if (
    agentsMd !== undefined &&
    fragments.some((fragment) => fragment.kind.section?.id === "agents_md")
  )
    warnings.push(...agentsMd.warnings);
  const entries: HistoryEntry[] = [
    ...contextEntries,
    ...resendNestedAgentsMd(parts, fragments),
    { item: userMessage, origin: { source: "user" } },
  ];
  const index = state.turnCount + 1;
  const previousView = requests.previous(imageInput);
  const previousModel = state.model;
  // An abort before this point leaves no trace of the turn, its user message included.
  signal?.throwIfAborted();
  await parts.commit(
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
  // A compaction before the turn put the configured base instructions in the requests.
  const sentBase = state.baseInstructions ?? baseInstructions;
  return {
    request: requests.send({
      instructions: sentBase,
      imageInput,
      warnings,
      report,
      previous: previousView,
      previousModel,
      model,
      settings: context.request,
      at: options.clock?.() ?? Date.now(),
      counter: parts.tokens.counter,
    }),
    turn: {
      turnState,
      model,
      baseInstructions: sentBase,
      configuredBase,
      imageInput,
      settings: context.request,
    },
  };
}
