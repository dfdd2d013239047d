import { responseItemSchema } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import { describeValue, describeWrongArgument } from "@ctx/text";
import { z } from "zod";
import { requestOptionsSchema } from "./argument-schemas.js";
import { checkSchema } from "./check-argument.js";
import { compactOptionsSchema } from "./compaction/compact-options.js";
import { compactSession } from "./compaction/compact-session.js";
import { limitToolOutput } from "./history/limit-tool-output.js";
import { defaultOrigin, type HistoryEntry } from "./history/origin.js";
import { recordTouchedPaths, type TurnAgentsMd } from "./injected/record-touched-paths.js";
import { touchedPathsOptionsSchema, touchedPathsSchema } from "./injected/touched-paths-schema.js";
import { answerRecords } from "./log/answer-records.js";
import { createSerialQueue } from "./log/serial-queue.js";
import {
  itemRecord,
  originSchema,
  reportedUsageSchema,
  type SessionRecord,
} from "./log/session-records.js";
import type { RolloutPosition } from "./log/session-writer.js";
import type { Session, SessionOptions } from "./session.js";
import { SessionError } from "./session-error.js";
import { createSessionParts } from "./session-parts.js";
import type { SessionState } from "./session-state.js";
import { beginTurn } from "./turn/begin-turn.js";
import type { CurrentTurn } from "./turn/current-turn.js";
import { nextRequest } from "./turn/next-request.js";
import { prepareTurn } from "./turn/prepare-turn.js";

const positiveIntegerSchema = lazySchema(() => z.number().int().positive());

/**
 * A session over `state`, as `createSession` or a resume builds it: each method checks its
 * arguments, then waits for the session's earlier calls (so appends name the right sequence)
 * and does its job.
 */
export function openSession(
  state: SessionState,
  options: SessionOptions,
  position: RolloutPosition,
  startWarnings: readonly CtxWarning[] = [],
  unwritten: readonly HistoryEntry[] = [],
): Session {
  const parts = createSessionParts(state, options, position, startWarnings, unwritten);
  const serial = createSerialQueue();
  /** The latest turn this session object began; `undefined` before its first. */
  let currentTurn: CurrentTurn | undefined;
  /** The AGENTS.md the latest turn sent, for the just-in-time files of the folders it touches. */
  let turnAgentsMd: TurnAgentsMd | undefined;

  /**
   * `records` with each tool output cut to the session's `toolOutputLimit` or the latest model's
   * truncation policy, each cut a warning held for the next request.
   */
  const limited = (records: readonly SessionRecord[]): SessionRecord[] => {
    const slug = currentTurn?.model.slug ?? state.model;
    const policy =
      options.toolOutputLimit ??
      (slug === undefined ? undefined : parts.models.get(slug).truncationPolicy);
    if (policy === undefined || policy === false) return [...records];
    const warnings: CtxWarning[] = [];
    const result = records.map((record) =>
      record.type === "response_item"
        ? itemRecord({
            ...record.payload,
            item: limitToolOutput(record.payload.item, policy, warnings),
          })
        : record,
    );
    parts.requests.holdWarnings(warnings);
    return result;
  };

  return {
    id: parts.id,
    beginTurn: async (turnContext, userInput, requestOptions = {}) => {
      const { signal } = checkSchema("options", requestOptions, requestOptionsSchema);
      const prepared = await prepareTurn(parts.agentsMdCache, turnContext, userInput);
      return serial(async () => {
        const first = currentTurn === undefined;
        const { request, turn } = await beginTurn(parts, prepared, first, signal);
        currentTurn = turn;
        const given = prepared.context.agentsMd;
        turnAgentsMd =
          prepared.agentsMd === undefined
            ? undefined
            : {
                loaded: prepared.agentsMd,
                fs: given !== undefined && "discover" in given ? given.discover.fs : undefined,
              };
        return request;
      });
    },
    nextRequest: async (requestOptions = {}) => {
      const { signal } = checkSchema("options", requestOptions, requestOptionsSchema);
      return serial(() => nextRequest(parts, currentTurn, signal));
    },
    compact: async (compactOptions = {}) => {
      const parsed = checkSchema("options", compactOptions, compactOptionsSchema);
      return serial(() => compactSession(parts, parsed, currentTurn));
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
        parts.requests.holdWarnings(await parts.tokens.ready());
        await parts.commit(limited(entries.map(itemRecord)));
      });
    },
    recordAnswer: async (answer) => {
      const records = answerRecords(answer);
      return serial(async () => {
        parts.requests.holdWarnings(await parts.tokens.ready());
        await parts.commit(limited(records));
      });
    },
    recordTouchedPaths: async (paths, touchedOptions = {}) => {
      const checked = checkSchema("paths", paths, touchedPathsSchema);
      const { fs } = checkSchema("options", touchedOptions, touchedPathsOptionsSchema);
      return serial(() => recordTouchedPaths(parts, turnAgentsMd, checked, fs));
    },
    reportUsage: async (usage) => {
      const reported = checkSchema("usage", usage, reportedUsageSchema);
      return serial(async () => {
        await parts.commit([{ type: "reported_usage", payload: reported }]);
      });
    },
    history: () => state.entries.slice(),
    rollback: async (userTurns) => {
      if (!positiveIntegerSchema.safeParse(userTurns).success) {
        throw new SessionError(
          "invalid-argument",
          describeWrongArgument(
            "userTurns",
            `rollback needs a positive whole number of turns, not ${describeValue(userTurns)}`,
          ),
        );
      }
      return serial(async () => {
        const [cut] = await parts.commit([{ type: "rollback", payload: { userTurns } }]);
        return cut.droppedTurns;
      });
    },
    tokenUsage: () => parts.tokens.usage(state, parts.models, currentTurn?.imageInput ?? true),
  };
}
