import { lazySchema } from "@ctx/protocol/internal";
import type { RolloutStore } from "@ctx/rollout";
import { describeWrongArgument } from "@ctx/text";
import { z } from "zod";
import type { HistoryEntry } from "../history/origin.js";
import { SessionError } from "../session-error.js";
import { itemRecord, toRolloutRecord } from "./session-records.js";
import { SessionWriter } from "./session-writer.js";

/** The lines of a file another agent wrote: an iterable or async iterable of strings. */
export const importLinesSchema = lazySchema(() =>
  z.custom<AsyncIterable<string> | Iterable<string>>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      (Symbol.asyncIterator in value || Symbol.iterator in value),
    "expected the file's lines: an iterable or async iterable of strings",
  ),
);

/**
 * Hands each of `lines` to `read`, one at a time.
 *
 * @throws {SessionError} `invalid-argument` naming `lines` for a line that is not a string.
 */
async function readImportLines(
  lines: AsyncIterable<string> | Iterable<string>,
  read: (line: string) => void,
): Promise<void> {
  for await (const line of lines) {
    if (typeof line !== "string") {
      throw new SessionError(
        "invalid-argument",
        describeWrongArgument("lines", "every line of the file must be a string"),
      );
    }
    read(line);
  }
}

/**
 * Writes `entries`, the history another agent's file amounts to, as a new session of `store`.
 *
 * @throws {SessionError} `invalid-argument` naming `lines` when there is no history item; the
 * `file` names the format in its message.
 */
async function writeImportedHistory(
  store: RolloutStore,
  sessionId: string | undefined,
  history: { readonly entries: readonly HistoryEntry[]; readonly cwd: string | undefined },
  file: string,
): Promise<string> {
  if (history.entries.length === 0) {
    throw new SessionError(
      "invalid-argument",
      describeWrongArgument("lines", `the ${file} holds no history item to import`),
    );
  }
  const id = sessionId ?? globalThis.crypto.randomUUID();
  const writer = new SessionWriter(store, id, { created: false, nextSequence: 0 }, []);
  await writer.write(
    history.entries.map((entry) => toRolloutRecord(itemRecord(entry))),
    history.cwd,
  );
  return id;
}

/** What reads another agent's file a line at a time into a history. */
export interface ImportReader<History> {
  line(line: string): void;
  finish(): History;
}

/**
 * Reads `lines` with `reader` and writes the history it makes as a new session of `store`
 * ({@link readImportLines}, then {@link writeImportedHistory}); gives the session's id and the
 * history.
 */
export async function importHistory<
  History extends { readonly entries: readonly HistoryEntry[]; readonly cwd: string | undefined },
>(
  lines: AsyncIterable<string> | Iterable<string>,
  reader: ImportReader<History>,
  store: RolloutStore,
  sessionId: string | undefined,
  file: string,
): Promise<{ readonly sessionId: string; readonly history: History }> {
  await readImportLines(lines, (line) => reader.line(line));
  const history = reader.finish();
  return { sessionId: await writeImportedHistory(store, sessionId, history, file), history };
}
