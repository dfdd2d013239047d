import { type ResponseItem, safeParseResponseItem } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import { classifyHistory } from "../history/classify-history.js";
import { findRollbackCut } from "../history/find-rollback-cut.js";
import type { HistoryEntry, Origin } from "../history/origin.js";
import { codexOrigin, userMessageKey } from "./codex-origin.js";
import { LineCount } from "./line-count.js";
import { parseCodexRolloutLine } from "./parse-codex-rollout-line.js";
import { createTypedMessageMatcher } from "./typed-message-matcher.js";

/** What a Codex rollout leaves for the next request, read to its end. */
export interface CodexHistory {
  /** The history Codex would send next: compactions and rollbacks applied, with origins. */
  readonly entries: HistoryEntry[];
  /** The folder the rollout's `session_meta` names, if any. */
  readonly cwd: string | undefined;
  /** The base instructions the rollout's `session_meta` carries, if any. */
  readonly baseInstructions: string | undefined;
  readonly warnings: CtxWarning[];
}

/**
 * Reads a Codex rollout one line at a time and keeps only the history it amounts to: a
 * `compacted` record replaces the history with its replacement, a `thread_rolled_back` drops the
 * latest user turns, and each item gets its origin (Codex's `user_message` records when it wrote
 * them, markers otherwise). Memory holds that history and the user's texts, never the file.
 */
export class CodexHistoryReader {
  readonly #registry: Registry;
  #entries: HistoryEntry[] = [];
  /** Items read since the origins were last decided. */
  #pending: ResponseItem[] = [];
  readonly #matcher = createTypedMessageMatcher<number>(Number.POSITIVE_INFINITY);
  /** The texts of the user's messages so far: a compaction's kept messages are found by them. */
  readonly #userTexts = new Set<string>();
  #lineNumber = 0;
  /** The lines that could not be read as history: how many, and the first. */
  readonly #skipped = new LineCount();
  /** The compactions that recorded no replacement history: how many, and the first. */
  readonly #unreplaced = new LineCount();
  #cwd: string | undefined;
  #baseInstructions: string | undefined;

  constructor(registry: Registry) {
    this.#registry = registry;
  }

  /** Reads the next line of the rollout (without its newline). */
  line(text: string): void {
    this.#lineNumber += 1;
    if (text.trim() === "") return;
    const record = parseCodexRolloutLine(parseJson(text));
    if (record === undefined) {
      this.#skipped.note(this.#lineNumber);
      return;
    }
    switch (record.type) {
      case "session_meta":
        this.#cwd ??= record.cwd;
        this.#baseInstructions ??= record.baseInstructions;
        return;
      case "user_message":
        this.#matcher.typed(record.message);
        return;
      case "response_item": {
        const parsed = safeParseResponseItem(record.item);
        if (!parsed.success) {
          this.#skipped.note(this.#lineNumber);
          return;
        }
        const key = userMessageKey(parsed.item);
        if (key !== undefined) this.#matcher.message(key, this.#pending.length);
        this.#pending.push(parsed.item);
        return;
      }
      case "compacted":
        this.#compacted(record.replacementHistory);
        return;
      case "thread_rolled_back": {
        this.#settle();
        const cut = findRollbackCut(this.#entries, record.turns, this.#registry);
        this.#entries = this.#entries.slice(0, cut.keep);
        return;
      }
      default:
        return;
    }
  }

  /** The history read so far, and what could not be read. */
  finish(): CodexHistory {
    this.#settle();
    return {
      entries: this.#entries,
      cwd: this.#cwd,
      baseInstructions: this.#baseInstructions,
      warnings: [
        ...this.#skipped.warning(
          "codex-rollout-lines-skipped",
          "Codex rollout",
          "could not be read as history and were skipped",
        ),
        ...this.#unreplaced.warning(
          "codex-compaction-without-history",
          "Codex rollout",
          "record a compaction without its replacement history, so the history before them was kept",
        ),
      ],
    };
  }

  /** Decides the origins of the items read since the last time. */
  #settle(): void {
    const typed = new Set(
      this.#matcher
        .settle()
        .filter((message) => message.typed)
        .map((message) => message.value),
    );
    const markers = classifyHistory(this.#pending, this.#registry);
    this.#pending.forEach((item, index) => {
      const origin = codexOrigin(
        item,
        markers[index] ?? { source: "model" },
        this.#matcher.sawTyped,
        typed.has(index),
      );
      this.#add({ item, origin });
    });
    this.#pending = [];
  }

  #add(entry: HistoryEntry): void {
    const key = userMessageKey(entry.item);
    if (key !== undefined && entry.origin.source === "user") this.#userTexts.add(key);
    this.#entries.push(entry);
  }

  /**
   * Replaces the history with a compaction's: a user message with the text of one the user wrote
   * earlier stays the user's, the summary is the model's, any other user message is injected
   * context, and the rest keeps the origin its markers give.
   */
  #compacted(replacement: readonly unknown[]): void {
    this.#settle();
    if (replacement.length === 0) {
      this.#unreplaced.note(this.#lineNumber);
      return;
    }
    const items = replacement.flatMap((value) => {
      const parsed = safeParseResponseItem(value);
      return parsed.success ? [parsed.item] : [];
    });
    if (items.length < replacement.length) this.#skipped.note(this.#lineNumber);
    const markers = classifyHistory(items, this.#registry);
    const userTexts = new Set(this.#userTexts);
    this.#entries = [];
    this.#userTexts.clear();
    items.forEach((item, index) => {
      this.#add({ item, origin: replacedOrigin(item, markers[index], userTexts) });
    });
  }
}

function replacedOrigin(
  item: ResponseItem,
  markers: Origin | undefined,
  userTexts: ReadonlySet<string>,
): Origin {
  const key = userMessageKey(item);
  return codexOrigin(
    item,
    markers ?? { source: "model" },
    key !== undefined,
    key !== undefined && userTexts.has(key),
  );
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
