import type { JsonValue } from "@ctx/protocol";
import { type CodexRolloutLine, parseCodexRolloutLine } from "@ctx/session";
import { isJsonObject } from "../json-object.js";
import type { RolloutEntry, SessionFacts } from "./transcript-entry.js";
import type { TranscriptReader } from "./transcript-reader.js";

/** The line types only Codex writes. */
const codexTypes = new Set([
  "session_meta",
  "turn_context",
  "response_item",
  "compacted",
  "event_msg",
]);

/** Who the session is, from its `session_meta` line. */
function codexSessionFacts(line: CodexRolloutLine & { type: "session_meta" }): SessionFacts {
  const { type: _type, baseInstructions: _instructions, ...facts } = line;
  return facts;
}

/** The entries of one line Codex wrote, as `parseCodexRolloutLine` of `@ctx/session` reads it. */
function codexEntries(line: CodexRolloutLine): RolloutEntry[] {
  switch (line.type) {
    case "session_meta": {
      const text = line.baseInstructions;
      return [
        { type: "session", facts: codexSessionFacts(line) },
        ...(text === undefined ? [] : [{ type: "instructions" as const, text }]),
      ];
    }
    case "turn_context":
      return [
        {
          type: "turn",
          id: line.turnId,
          ...(line.model === undefined ? {} : { model: line.model }),
        },
      ];
    case "response_item":
      return [{ type: "item", item: line.item }];
    case "compacted":
      return [{ type: "compaction", replacement: line.replacementHistory }];
    case "user_message":
      return [{ type: "typed", message: line.message }];
    case "thread_rolled_back":
      return [{ type: "rollback", turns: line.turns }];
    case "turn_aborted":
      return [{ type: "aborted" }];
    case "token_count": {
      const { inputTokens, cachedInputTokens, outputTokens, reasoningOutputTokens } = line.usage;
      const usage = {
        input: inputTokens,
        cached: cachedInputTokens,
        output: outputTokens,
        reasoning: reasoningOutputTokens,
      };
      // Codex writes each report twice; the running total tells a copy from the next request's.
      return [
        { type: "usage", usage, ...(line.total === undefined ? {} : { copyOf: line.total }) },
      ];
    }
    case "other":
      return [];
  }
}

/**
 * The rollouts Codex writes (`~/.codex/sessions/…/rollout-*.jsonl`): `session_meta` (who the
 * session is, the base instructions), `turn_context` (a turn, by its id), `response_item`,
 * `compacted` (the replacement history), and the `event_msg` lines that tell what the user
 * typed, a rollback, an interrupted turn or a request's token usage. Lines of other types say
 * nothing about what was sent, and give no entry.
 */
export const codexReader: TranscriptReader = {
  format: "codex",
  detects: (record) =>
    isJsonObject(record) && typeof record.type === "string" && "payload" in record,
  owns: (record: JsonValue) =>
    isJsonObject(record) && codexTypes.has(String(record.type)) && "payload" in record,
  open: () => (record) => {
    const line = parseCodexRolloutLine(record);
    return line === undefined ? undefined : codexEntries(line);
  },
};
