import { lazySchema } from "@ctx/protocol/internal";
import type { RolloutStore } from "@ctx/rollout";
import { foldAsciiLetters, sessionIdSchema } from "@ctx/rollout";
import { describeWrongArgument, truncateMiddle, utf8ByteLength } from "@ctx/text";
import { z } from "zod";
import { rolloutStoreSchema } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import { SessionError } from "../session-error.js";
import { readRecallEntries } from "./read-recall-entries.js";
import { type RecallQuery, recallQuerySchema } from "./recall-query.js";
import { recallToolDefinition } from "./recall-tool.js";
import type { RecalledItem } from "./recalled-item.js";

/** Options of {@link createRecall}. */
export interface RecallOptions {
  /** The session whose rollout is read (with the parent's records it forked from). */
  readonly sessionId: string;
  /** The most bytes of JSON one answer of the tool holds (16,384 when omitted, 1,024 at least). */
  readonly maxBytes?: number;
}

/** What {@link Recall.search} found. */
export interface RecallResult {
  /** The items that matched, in the order they were recorded, at most the query's limit. */
  readonly items: readonly RecalledItem[];
  /** How many items matched in all. */
  readonly matched: number;
}

/** Exact recall of a session's earlier items from its rollout; see {@link createRecall}. */
export interface Recall {
  /**
   * The items of the session that fit `query`, from the whole rollout: what compactions
   * summarised away is still there; the turns a rollback dropped are not, nor the recall tool's
   * own calls and answers. The store finds the records (`searchRecords`, where it has it), so
   * the rollout is never read whole into memory.
   * @throws {SessionError} `invalid-argument` for a query that does not fit {@link RecallQuery}
   * or gives no filter; `unreadable-rollout` for a session record that cannot be read.
   */
  search(query: RecallQuery): Promise<RecallResult>;
  /**
   * Answers one call of the recall tool: `argumentsJson` is the arguments the model wrote. The
   * answer is JSON of at most `maxBytes`: the items found, each with its turn and who wrote it
   * (long texts cut in the middle with a note of how much), how many matched and, when not all
   * are shown, how to narrow the query. Arguments that do not fit come back as a sentence saying
   * what was wrong, for the model to try again.
   * @throws {SessionError} `invalid-argument` when `argumentsJson` is not a string.
   */
  run(argumentsJson: string): Promise<string>;
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    sessionId: sessionIdSchema,
    maxBytes: z.number().int().min(1024).optional(),
  }),
);

const notUsed = "The recall arguments were not used: ";
const example = 'Give a JSON object such as {"text": "…"} or {"turns": {"from": 2, "to": 4}}.';

/** The JSON a recalled item costs beyond its text, counted generously. */
const itemOverhead = 160;

/**
 * Recall of a session's own history, exact and from the rollout, for a tool the model calls
 * when a compaction has summarised away what it needs (`recallToolDefinition`): by turn range,
 * text, tool name or file path. Works on every rollout store.
 *
 * @throws {SessionError} `invalid-argument` when `store` is not a rollout store or `options`
 * does not fit {@link RecallOptions}.
 * @example
 * ```ts
 * const recall = createRecall(store, { sessionId: session.id });
 * const found = await recall.search({ text: "never push to main" });
 * ```
 */
export function createRecall(store: RolloutStore, options: RecallOptions): Recall {
  checkSchema("store", store, rolloutStoreSchema);
  const { sessionId, maxBytes = 16_384 } = checkSchema("options", options, optionsSchema);
  const search = async (query: RecallQuery): Promise<RecallResult> => {
    const checked = checkSchema("query", query, recallQuerySchema);
    const { turns, text, tool, path, limit = 20 } = checked;
    if (turns === undefined && text === undefined && tool === undefined && path === undefined) {
      throw new SessionError(
        "invalid-argument",
        describeWrongArgument("query", "give at least one of turns, text, tool or path"),
      );
    }
    const entries = await readRecallEntries(store, sessionId, checked);
    const folded = text === undefined ? undefined : foldAsciiLetters(text);
    const found = entries.filter(
      (entry) =>
        entry.tool !== recallToolDefinition.name &&
        (turns?.from === undefined || entry.turn >= turns.from) &&
        (turns?.to === undefined || entry.turn <= turns.to) &&
        (tool === undefined || entry.tool === tool) &&
        (path === undefined || entry.text.includes(path)) &&
        (folded === undefined || foldAsciiLetters(entry.text).includes(folded)),
    );
    return { items: found.slice(0, limit), matched: found.length };
  };
  return {
    search,
    async run(argumentsJson) {
      if (typeof argumentsJson !== "string") {
        throw new SessionError(
          "invalid-argument",
          describeWrongArgument("argumentsJson", "expected a string"),
        );
      }
      let query: RecallQuery;
      try {
        query = JSON.parse(argumentsJson) as RecallQuery;
      } catch {
        return `${notUsed}they are not JSON. ${example}`;
      }
      try {
        return answer(await search(query), maxBytes);
      } catch (error) {
        if (!SessionError.isInstance(error) || error.code !== "invalid-argument") throw error;
        return `${notUsed}${error.message}. ${example}`;
      }
    },
  };
}

/** The model's answer: every item found, texts cut so the JSON stays within `maxBytes`. */
function answer(result: RecallResult, maxBytes: number): string {
  const { items, matched } = result;
  const note =
    matched > items.length
      ? `${matched} items matched; the first ${items.length} are shown. Narrow the turns, or add text, tool or path.`
      : undefined;
  const budget = Math.floor((maxBytes - 200) / Math.max(1, items.length)) - itemOverhead;
  const shown = items.map((item) => {
    const over = utf8ByteLength(item.text) > budget;
    return over
      ? { ...item, text: truncateMiddle(item.text, Math.max(0, Math.floor(budget / 4))).text }
      : item;
  });
  return JSON.stringify({ matched, items: shown, ...(note === undefined ? {} : { note }) });
}
