import { lazySchema } from "@ctx/protocol/internal";
import { createStandardRegistry, type Registry } from "@ctx/registry";
import { type RolloutStore, sessionIdSchema } from "@ctx/rollout";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { registrySchema, rolloutStoreSchema } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import { CodexHistoryReader } from "./codex-history-reader.js";
import { importHistory, importLinesSchema } from "./write-imported-history.js";

/** Options of {@link importCodexRollout}. */
export interface ImportCodexRolloutOptions {
  /** Where the imported session is written. */
  readonly store: RolloutStore;
  /** The id of the new session; a random UUID when omitted. */
  readonly sessionId?: string;
  /** The fragment kinds that tell injected context by its markers; the standard registry when omitted. */
  readonly registry?: Registry;
}

/** What {@link importCodexRollout} wrote. */
export interface ImportedCodexRollout {
  /** The new session's id: give it to `resumeSession` to continue. */
  readonly sessionId: string;
  /** How many history items the session holds. */
  readonly items: number;
  /** The base instructions Codex recorded, for `resumeSession`'s `baseInstructions` if wanted. */
  readonly baseInstructions: string | undefined;
  /** Lines that could not be read, compactions without their history. */
  readonly warnings: CtxWarning[];
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    store: rolloutStoreSchema,
    sessionId: sessionIdSchema.optional(),
    registry: registrySchema.optional(),
  }),
);

/**
 * Writes the history of a rollout Codex wrote into a new session of `store`, read one line at a
 * time (a `readline` interface over the file, say): what Codex would send next, with compactions
 * and rollbacks applied, each item keeping who wrote it — what the user typed stays the user's,
 * injected context stays context, the model's and the tools' items stay theirs. Nothing is
 * written when the rollout holds no history. The session's first turn after `resumeSession`
 * extends that history with the session's own full context, as a resume with no snapshots does.
 *
 * @throws {SessionError} naming `lines` or `options` when they are not what their types say, and
 * `invalid-argument` when the rollout holds no history item.
 * @throws {RolloutError} from the store, when the id is taken.
 * @example
 * ```ts
 * const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
 * const { sessionId } = await importCodexRollout(lines, { store });
 * const session = await resumeSession(store, { sessionId });
 * ```
 */
export async function importCodexRollout(
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportCodexRolloutOptions,
): Promise<ImportedCodexRollout> {
  checkSchema("lines", lines, importLinesSchema);
  const checked = checkSchema("options", options, optionsSchema);
  const { sessionId, history } = await importHistory(
    lines,
    new CodexHistoryReader(checked.registry ?? createStandardRegistry()),
    checked.store,
    checked.sessionId,
    "Codex rollout",
  );
  return {
    sessionId,
    items: history.entries.length,
    baseInstructions: history.baseInstructions,
    warnings: history.warnings,
  };
}
