import type { JsonValue } from "@ctx/protocol";
import { parseSessionRecord, type SessionRecord } from "@ctx/session";
import { isJsonObject } from "../json-object.js";
import { codexReader } from "./codex-reader.js";
import { describeCompactionState } from "./describe-compaction-state.js";
import type { RolloutEntry } from "./transcript-entry.js";
import type { TranscriptReader } from "./transcript-reader.js";

/** The header @ctx's JSONL store writes first: who the session is. */
function headerEntries(line: { readonly [key: string]: JsonValue }): RolloutEntry[] {
  const parent = line.parent;
  const forkedFrom = isJsonObject(parent) ? parent.sessionId : undefined;
  const facts = {
    ...(typeof line.id === "string" ? { id: line.id } : {}),
    ...(typeof line.cwd === "string" ? { cwd: line.cwd } : {}),
    ...(typeof forkedFrom === "string" ? { forkedFrom } : {}),
  };
  return [{ type: "session", facts }];
}

/** The entries of one record the session wrote, as `parseSessionRecord` of `@ctx/session` reads it. */
function recordEntries(record: SessionRecord): RolloutEntry[] {
  switch (record.type) {
    case "turn": {
      const { index, model, baseInstructions } = record.payload;
      return [
        ...(baseInstructions === undefined
          ? []
          : [{ type: "instructions" as const, text: baseInstructions }]),
        { type: "turn", id: String(index), model },
      ];
    }
    case "response_item": {
      const { item, origin } = record.payload;
      return [{ type: "item", item: item as unknown as { [key: string]: JsonValue }, origin }];
    }
    case "reported_usage": {
      const { inputTokens, cachedInputTokens, outputTokens, reasoningTokens } = record.payload;
      if (inputTokens === undefined) return [];
      const usage = {
        input: inputTokens,
        cached: cachedInputTokens ?? 0,
        output: outputTokens ?? 0,
        reasoning: reasoningTokens ?? 0,
      };
      return [{ type: "usage", usage }];
    }
    case "rollback":
      return [{ type: "rollback", turns: record.payload.userTurns }];
    case "compaction": {
      const { replacementHistory, origins, compactionState } = record.payload;
      return [
        {
          type: "compaction",
          replacement: replacementHistory as unknown as JsonValue[],
          origins: origins as unknown as JsonValue[],
          ...(compactionState === undefined
            ? {}
            : {
                detail: `history replaced by ${replacementHistory.length} item(s); ${describeCompactionState(compactionState)}`,
              }),
        },
      ];
    }
    case "answer_ending": {
      const { ending } = record.payload;
      return ending === "completed" ? [] : [{ type: "ending", ending }];
    }
    case "cache_diagnostics":
      return [{ type: "cache-report", report: record.payload }];
    case "world_state":
      return [];
  }
}

/**
 * The files of @ctx's JSONL rollout store: the header (who the session is), then the records
 * the session writes, read with `parseSessionRecord` of `@ctx/session` so their format is read
 * in one place: `turn` (with the base instructions on the first), `response_item` (the item and
 * its origin), `reported_usage`, `rollback` and `compaction` (the replacement history and its
 * origins; its typed state, when kept, described in the event). Another writer's note (a type the session does not write) is passed over; a session
 * record that does not fit its schema is named.
 */
export const ctxReader: TranscriptReader = {
  format: "ctx",
  detects: (record) =>
    isJsonObject(record) && record.rollout === 1 && typeof record.id === "string",
  owns: (record) =>
    isJsonObject(record) && (record.rollout === 1 || parseSessionRecord(record).success),
  open: () => (record) => {
    if (!isJsonObject(record)) return undefined;
    if (record.rollout === 1) return headerEntries(record);
    const parsed = parseSessionRecord(record);
    if (parsed.success) return recordEntries(parsed.record);
    if (!parsed.foreign) return [{ type: "unfit", reason: parsed.reason }];
    // A Codex line is named as such; any other writer's note is passed over.
    return codexReader.owns(record) ? undefined : [];
  },
};
