import { lazySchema } from "@ctx/protocol/internal";
import { type RolloutStore, sessionIdSchema } from "@ctx/rollout";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { rolloutStoreSchema } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import { ClaudeCodeHistoryReader } from "./claude-code-history-reader.js";
import { importHistory, importLinesSchema } from "./write-imported-history.js";

/** Options of {@link importClaudeCodeTranscript}. */
export interface ImportClaudeCodeTranscriptOptions {
  /** Where the imported session is written. */
  readonly store: RolloutStore;
  /** The id of the new session; a random UUID when omitted. */
  readonly sessionId?: string;
}

/** What {@link importClaudeCodeTranscript} wrote. */
export interface ImportedClaudeCodeTranscript {
  /** The new session's id: give it to `resumeSession` to continue. */
  readonly sessionId: string;
  /** How many history items the session holds. */
  readonly items: number;
  /** How many records of sub-agents' conversations (sidechains) were left out of the history. */
  readonly sidechainRecords: number;
  /**
   * How many times the person rewound the conversation (wrote again from an earlier message):
   * Claude Code keeps each abandoned branch in the file; the history leaves it out.
   */
  readonly rewinds: number;
  /** Lines that could not be read, tool calls and results that could not be paired. */
  readonly warnings: CtxWarning[];
}

const optionsSchema = lazySchema(() =>
  z.strictObject({ store: rolloutStoreSchema, sessionId: sessionIdSchema.optional() }),
);

/**
 * Writes the history of a transcript Claude Code wrote (`~/.claude/projects/…/<session>.jsonl`,
 * any version) into a new session of `store`, read one line at a time: the main conversation
 * since its last compaction, each item keeping who wrote it — what the person typed stays the
 * user's; what Claude Code wrote in their place (task notifications, command expansions, local
 * command output, hook text, reminders, interruptions) is injected context, never the person's;
 * the model's text, thinking and tool calls stay the model's, and each tool's result stays the
 * tool's, paired with its call by id. Sub-agents' conversations written inline (Claude Code
 * 1.0's sidechains) are left out and counted, and so is each branch the person abandoned by
 * rewinding the conversation (its records stay in the file). The transcript is read by the record reader
 * `ctx inspect` uses too. Nothing is written when the transcript holds no history. The
 * session's first turn after `resumeSession` extends that history with the session's own full
 * context, as a resume with no snapshots does.
 *
 * @throws {SessionError} naming `lines` or `options` when they are not what their types say, and
 * `invalid-argument` when the transcript holds no history item.
 * @throws {RolloutError} from the store, when the id is taken.
 * @example
 * ```ts
 * const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
 * const { sessionId } = await importClaudeCodeTranscript(lines, { store });
 * const session = await resumeSession(store, { sessionId });
 * ```
 */
export async function importClaudeCodeTranscript(
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportClaudeCodeTranscriptOptions,
): Promise<ImportedClaudeCodeTranscript> {
  checkSchema("lines", lines, importLinesSchema);
  const checked = checkSchema("options", options, optionsSchema);
  const { sessionId, history } = await importHistory(
    lines,
    new ClaudeCodeHistoryReader(),
    checked.store,
    checked.sessionId,
    "Claude Code transcript",
  );
  return {
    sessionId,
    items: history.entries.length,
    sidechainRecords: history.sidechainRecords,
    rewinds: history.rewinds,
    warnings: history.warnings,
  };
}
