import type { Fragment } from "@ctx/fragments";
import type { JsonValue } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";
import { buildContextUpdate } from "../envelope/build-context-update.js";
import { buildInitialContext } from "../envelope/build-initial-context.js";
import { contextEntry } from "../envelope/context-entry.js";
import type { EnvelopeOptions } from "../envelope/context-message.js";
import type { HistoryEntry } from "../history/origin.js";
import type { SessionState } from "../session-state.js";
import { evaluateSections } from "./evaluate-sections.js";
import { createMergePatch } from "./merge-patch.js";

/** What a request sends of its context, and what its `world_state` record holds. */
export interface EvaluatedContext {
  /** Whether it is the full context (no baseline to diff against). */
  readonly full: boolean;
  readonly fragments: readonly Fragment[];
  /** The context messages, as history entries. */
  readonly entries: readonly HistoryEntry[];
  /** The snapshots: the full value with the full context, a merge patch of the baseline otherwise. */
  readonly patch: JsonValue;
}

/**
 * What a request sends of the context `turnState` describes, given the baseline in `state`:
 * the full context when there is none, else the changed sections. Limits met on the way are
 * pushed to `warnings`.
 */
export function evaluateContext(
  state: SessionState,
  turnState: Readonly<Record<string, unknown>>,
  envelopeOptions: EnvelopeOptions,
  warnings: CtxWarning[],
): EvaluatedContext {
  const { registry } = state;
  const full = state.fullContext;
  const { fragments, snapshots } = evaluateSections(state, turnState, full, warnings);
  const messages = full
    ? buildInitialContext(registry, fragments, envelopeOptions)
    : buildContextUpdate(registry, fragments, envelopeOptions);
  const patch = full ? snapshots : createMergePatch(state.snapshots, snapshots);
  return { full, fragments, entries: messages.map(contextEntry), patch: patch ?? {} };
}
