import type { z } from "zod";
import { SessionError } from "../session-error.js";
import type { SessionParts } from "../session-parts.js";
import { baseInstructionsFor } from "../turn/base-instructions.js";
import { configuredBaseInstructions } from "../turn/configured-base-instructions.js";
import type { CurrentTurn } from "../turn/current-turn.js";
import type { compactOptionsSchema } from "./compact-options.js";
import type { CompactionReport } from "./compaction-report.js";
import { runCompaction } from "./run-compaction.js";

/**
 * `session.compact` once its options are checked: compacts with the model of the latest turn
 * (or installs `replacement`), and keeps the report for the next request. `undefined` when there
 * is nothing to compact: no history, or nothing new since the latest compaction.
 *
 * @throws {SessionError} when no turn named a model.
 */
export async function compactSession(
  parts: SessionParts,
  { replacement, guidance, signal }: z.output<typeof compactOptionsSchema>,
  turn: CurrentTurn | undefined,
): Promise<CompactionReport | undefined> {
  const { state } = parts;
  if (replacement === undefined && (state.justCompacted || state.entries.length === 0)) {
    return undefined;
  }
  const slug = state.model ?? turn?.model.slug;
  if (slug === undefined) {
    throw new SessionError(
      "turn-not-started",
      "compact needs the model of a turn: call beginTurn first",
    );
  }
  const model = parts.models.get(slug);
  const report = await runCompaction(parts, replacement === undefined ? "manual" : "server", {
    model: slug,
    instructions: baseInstructionsFor(state, parts.options, model),
    baseInstructions: configuredBaseInstructions(state, parts.options, model),
    imageInput: turn?.imageInput ?? true,
    replacement,
    guidance,
    signal,
  });
  parts.requests.holdReport(report);
  return report;
}
