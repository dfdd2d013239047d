import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import type { HistoryEntry } from "../history/origin.js";
import { userMessageKey } from "./codex-origin.js";
import { historyEntrySchema } from "./session-records.js";

/** Options of {@link exportCodexRollout}. */
export interface ExportCodexRolloutOptions {
  /** The folder Codex continues in (its `session_meta` `cwd`): an absolute POSIX or Windows path. */
  readonly cwd: string;
  /** The Codex thread id to give it, a UUID; a random one when omitted. */
  readonly threadId?: string;
  /** When the rollout was started (its file name and `session_meta`); now when omitted. */
  readonly startedAt?: Date;
  /** Base instructions to record in `session_meta`; Codex's own are used when omitted. */
  readonly baseInstructions?: string;
}

/** A Codex rollout written by {@link exportCodexRollout}. */
export interface ExportedCodexRollout {
  /** The id to give `codex exec resume`. */
  readonly threadId: string;
  /** Where Codex looks for it, under `CODEX_HOME`: `sessions/YYYY/MM/DD/rollout-…-{threadId}.jsonl`. */
  readonly path: string;
  /** The JSONL text, one record a line, ending with a newline. */
  readonly text: string;
}

/**
 * The Codex release whose rollout format this writes, as `session_meta` `cli_version`: Codex
 * refuses a rollout whose metadata lacks it.
 */
const codexFormatVersion = "0.171.0";

/** An absolute path on POSIX (`/repo`) or Windows (`D:\\repo`, `\\\\server\\share`), as Codex records it. */
const absolutePath = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const optionsSchema = lazySchema(() =>
  z.strictObject({
    cwd: z.string().regex(absolutePath, "the folder must be an absolute path"),
    threadId: z.string().regex(uuidPattern, "a Codex thread id is a UUID").optional(),
    startedAt: z
      .date()
      .refine((date) => !Number.isNaN(date.getTime()), "an invalid date")
      .optional(),
    baseInstructions: z.string().optional(),
  }),
);

const entriesSchema = lazySchema(() => z.array(historyEntrySchema));

/**
 * A session's history as a rollout Codex can continue (`codex exec resume {threadId}` with the
 * file at `path` under `CODEX_HOME`): a `session_meta` record, then each item as a
 * `response_item`, in order, and after each message the user wrote an `event_msg`
 * `user_message`, which is how Codex logs what the user typed — so the user's words stay the
 * user's when the rollout is read again, and everything else (injected context, the model's and
 * the tools' items) is not. Codex's next request begins with these items, then adds its own
 * context and the new prompt.
 *
 * @throws {SessionError} naming `entries` or `options` when they are not what their types say
 * (a relative `cwd`, a `threadId` that is not a UUID).
 * @example
 * ```ts
 * const { path, text, threadId } = exportCodexRollout(session.history(), { cwd: "/repo" });
 * // write `text` to join(codexHome, path), then: codex exec resume {threadId} "Carry on."
 * ```
 */
export function exportCodexRollout(
  entries: readonly HistoryEntry[],
  options: ExportCodexRolloutOptions,
): ExportedCodexRollout {
  checkSchema("entries", entries, entriesSchema);
  const checked = checkSchema("options", options, optionsSchema);
  const threadId = checked.threadId ?? globalThis.crypto.randomUUID();
  const started = checked.startedAt ?? new Date();
  const timestamp = started.toISOString();
  const line = (type: string, payload: unknown) => JSON.stringify({ timestamp, type, payload });
  const lines = [
    line("session_meta", {
      id: threadId,
      timestamp,
      cwd: checked.cwd,
      originator: "ctx",
      cli_version: codexFormatVersion,
      source: "exec",
      ...(checked.baseInstructions === undefined
        ? {}
        : { base_instructions: { text: checked.baseInstructions } }),
    }),
  ];
  for (const { item, origin } of entries) {
    lines.push(line("response_item", item));
    const typed = origin.source === "user" ? userMessageKey(item) : undefined;
    if (typed !== undefined)
      lines.push(line("event_msg", { type: "user_message", message: typed }));
  }
  const day = timestamp.slice(0, 10).split("-").join("/");
  const stamp = timestamp.slice(0, 19).replaceAll(":", "-");
  return {
    threadId,
    path: `sessions/${day}/rollout-${stamp}-${threadId}.jsonl`,
    text: `${lines.join("\n")}\n`,
  };
}
