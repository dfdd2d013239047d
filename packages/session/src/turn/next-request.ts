import { overCompactionLimit } from "../compaction/over-compaction-limit.js";
import { runCompaction } from "../compaction/run-compaction.js";
import { itemRecord } from "../log/session-records.js";
import type { ModelRequest } from "../session.js";
import { SessionError } from "../session-error.js";
import type { SessionParts } from "../session-parts.js";
import type { CurrentTurn } from "./current-turn.js";
import { evaluateContext } from "./evaluate-context.js";

/**
 * The next request of `turn`, once what the model and the tools produced is recorded: after a
 * compaction that cleared the baseline it commits the full context again; over the model's
 * limit it compacts mid-turn first.
 *
 * @throws {SessionError} when no turn has begun.
 * @throws the reason of `signal` once it has aborted, before anything is written.
 */
export async function nextRequest(
  parts: SessionParts,
  turn: CurrentTurn | undefined,
  signal: AbortSignal | undefined,
): Promise<ModelRequest> {
  if (turn === undefined) {
    throw new SessionError(
      "turn-not-started",
      "nextRequest continues a turn: call beginTurn first",
    );
  }
  const { state, requests } = parts;
  const warnings = [...requests.heldWarnings];
  let report = requests.heldReport;
  const previousView = requests.previous(turn.imageInput);
  if (state.fullContext) {
    // A compaction since the turn began cleared the baseline: send the full context again.
    const { full, entries, patch } = evaluateContext(
      state,
      turn.turnState,
      parts.envelopeOptions,
      warnings,
    );
    signal?.throwIfAborted();
    await parts.commit([
      ...entries.map(itemRecord),
      { type: "world_state", payload: { full, state: patch } },
    ]);
  } else if (!state.justCompacted && overCompactionLimit(parts, turn.model, turn.imageInput)) {
    report = await runCompaction(parts, "mid-turn", {
      model: turn.model.slug,
      instructions: turn.baseInstructions,
      imageInput: turn.imageInput,
      turnState: turn.turnState,
      baseInstructions: turn.configuredBase,
      turnSignal: signal,
    });
  }
  // A compaction within the turn put the configured base instructions in the requests.
  const instructions = state.baseInstructions ?? turn.baseInstructions;
  return requests.send({
    instructions,
    imageInput: turn.imageInput,
    warnings,
    report,
    previous: previousView,
    previousModel: turn.model.slug,
    model: turn.model,
    settings: turn.settings,
    at: parts.options.clock?.() ?? Date.now(),
    counter: parts.tokens.counter,
  });
}
