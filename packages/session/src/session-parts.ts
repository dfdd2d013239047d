import { defaultModelCatalog } from "@ctx/prompts";
import type { CtxWarning } from "@ctx/text";
import type { EnvelopeOptions } from "./envelope/context-message.js";
import type { HistoryEntry } from "./history/origin.js";
import { NestedAgentsMdIndex } from "./injected/nested-agents-md-index.js";
import { type Commit, createCommit } from "./log/commit.js";
import { type RolloutPosition, SessionWriter } from "./log/session-writer.js";
import type { SessionOptions } from "./session.js";
import type { SessionState } from "./session-state.js";
import { SessionTokens } from "./tokens/session-tokens.js";
import { AgentsMdCache } from "./turn/agents-md-cache.js";
import { createModelLookup, type ModelLookup } from "./turn/model-lookup.js";
import { OutgoingRequests } from "./turn/outgoing-requests.js";

/** What the jobs of one session share: its state, and what looks up, counts, writes and sends for it. */
export interface SessionParts {
  readonly id: string;
  readonly state: SessionState;
  readonly options: SessionOptions;
  readonly models: ModelLookup;
  readonly envelopeOptions: EnvelopeOptions;
  readonly agentsMdCache: AgentsMdCache;
  /** The just-in-time AGENTS.md blocks the history shows. */
  readonly nestedAgentsMd: NestedAgentsMdIndex;
  readonly tokens: SessionTokens;
  readonly requests: OutgoingRequests;
  /** The one way the session's state changes: written to its rollout, then applied. */
  readonly commit: Commit;
}

/**
 * The parts of a session over `state` whose rollout stands at `position`: `startWarnings` wait
 * for its first request, and `unwritten` (the history it was created with) goes ahead of its
 * first write.
 */
export function createSessionParts(
  state: SessionState,
  options: SessionOptions,
  position: RolloutPosition,
  startWarnings: readonly CtxWarning[],
  unwritten: readonly HistoryEntry[],
): SessionParts {
  const id = options.sessionId ?? globalThis.crypto.randomUUID();
  const writer = new SessionWriter(options.store, id, position, unwritten);
  return {
    id,
    state,
    options,
    models: createModelLookup(options.catalog ?? defaultModelCatalog, options),
    envelopeOptions: options.separator === undefined ? {} : { separator: options.separator },
    agentsMdCache: new AgentsMdCache(),
    nestedAgentsMd: new NestedAgentsMdIndex(),
    tokens: new SessionTokens(options),
    requests: new OutgoingRequests(state, startWarnings, options.requestBody),
    commit: createCommit(writer, state),
  };
}
