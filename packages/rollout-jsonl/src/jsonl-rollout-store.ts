import { randomUUID } from "node:crypto";
import { mkdir, open, unlink } from "node:fs/promises";
import { lazySchema } from "@ctx/protocol/internal";
import {
  createRecordMatcher,
  createSessionRequestSchema,
  listOptionsSchema,
  RolloutError,
  type RolloutStore,
  readOptionsSchema,
  readRolloutChain,
  sessionIdSchema,
} from "@ctx/rollout";
import { z } from "zod";
import { createBatchAppender } from "./append-batch.js";
import { type CheckedAppend, checkAppendRequest } from "./append-request.js";
import { checkSchema } from "./check-argument.js";
import { createSessionLog } from "./create-session-log.js";
import { createFileLocks } from "./file-lock.js";
import { errorCode, exists } from "./file-system.js";
import { createLogHolds } from "./jsonl-log-holds.js";
import { createJsonlSessionFiles } from "./jsonl-session-files.js";
import { searchIndexPath } from "./search-index-file.js";
import { createSessionIndex } from "./session-index.js";
import { createStoreCalls } from "./store-calls.js";
import { syncDirectory } from "./sync-directory.js";

/** Options of {@link createJsonlRolloutStore}. */
export interface JsonlRolloutStoreOptions {
  /** How long an append waits for another writer's lock, in milliseconds; 10,000 by default. */
  readonly lockTimeout?: number;
}

const optionsSchema = lazySchema(() =>
  z.object({ lockTimeout: z.number().int().min(1).max(3_600_000).optional() }).strict(),
);

/** How an append holds the session's lock: kept for the appends that follow. */
const keepHold = { keep: true } as const;

/**
 * The embedded rollout store: one append-only JSONL file per session in `directory`
 * (`<id>.jsonl`: a header line, then one line per record), and `.index.jsonl` beside them for
 * listing. Safe for several processes on one machine: each append takes the session's lock file
 * (created exclusively, holding the writer's pid; a dead writer's lock is broken), checks the
 * log's end under it against the expected sequence (a batch already there under the same
 * append id is answered as a duplicate, anything else is a conflict), writes the batch in one
 * write and fsyncs before it resolves. A create whose id is taken by the same request, with
 * nothing appended yet, returns the session (a retry whose answer was lost). A resume
 * reads the log backwards from its end to the latest checkpoint, so its cost follows what comes
 * after the checkpoint, not the log's size. A crash can cut a log at
 * any byte: the cut batch is skipped with a `torn-record` warning and cut off by the next
 * append, under the lock, before it writes.
 *
 * @example
 * ```ts
 * const store = createJsonlRolloutStore("/home/me/.ctx/sessions");
 * const session = await store.create({ cwd: process.cwd() });
 * await store.append({
 *   sessionId: session.id,
 *   expectedSequence: 0,
 *   appendId: "turn-1",
 *   records: [{ type: "response_item", payload: { text: "hi" } }],
 * });
 * const { records } = await store.read(session.id);
 * ```
 *
 * @throws {RolloutError} `invalid-argument` for an empty directory or invalid options.
 */
export function createJsonlRolloutStore(
  directory: string,
  options: JsonlRolloutStoreOptions = {},
): RolloutStore {
  const folder = checkSchema("directory", directory, z.string().min(1));
  const lockTimeout = checkSchema("store options", options, optionsSchema).lockTimeout ?? 10_000;
  const files = createJsonlSessionFiles(folder);
  const { logPath, location, readSession } = files;

  const locks = createFileLocks(folder);
  const index = createSessionIndex(folder, locks, files.indexSource, lockTimeout);
  const holds = createLogHolds(folder, locks, files, lockTimeout);
  const appendBatch = createBatchAppender(index, location);

  /**
   * A write's argument, checked and copied when the call is made: what the caller changes while
   * the call waits for its lock is not what gets written.
   */
  function checkedNow<Schema extends z.ZodType>(
    schema: Schema,
    value: unknown,
    what: string,
  ): z.output<Schema> {
    return structuredClone(checkSchema(what, value, schema));
  }

  // Opening the folder also removes the identity files of writers that died without closing
  // (a Ctrl-C): housekeeping, so a failure there leaves them and fails no call.
  const { run, closeCalls } = createStoreCalls(folder, async () => {
    await mkdir(folder, { recursive: true });
    await locks.removeDeadIdentities().catch(() => undefined);
  });

  return {
    create(request) {
      let parsed: z.output<typeof createSessionRequestSchema>;
      try {
        parsed = checkedNow(createSessionRequestSchema, request, "session request");
      } catch (error) {
        return Promise.reject(error);
      }
      return run(async () => {
        const id = parsed.id ?? randomUUID();
        return index.change(() => createSessionLog(folder, files, parsed, id), { complete: false });
      });
    },

    append(request) {
      let parsed: CheckedAppend;
      try {
        parsed = checkAppendRequest(request);
      } catch (error) {
        return Promise.reject(error);
      }
      return run(() => holds.run(parsed.sessionId, (hold) => appendBatch(parsed, hold), keepHold));
    },

    read(sessionId, options = {}) {
      return run(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        const parsed = checkSchema("read options", options, readOptionsSchema);
        return readRolloutChain(
          {
            info: async (chainId) => (await readSession(chainId))?.info,
            ownRecords: files.ownRecords,
          },
          id,
          parsed.from ?? "latest-checkpoint",
        );
      });
    },

    searchRecords(sessionId, search) {
      return run(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        createRecordMatcher(search);
        const { records, warnings } = await readRolloutChain(
          {
            info: async (chainId) => (await readSession(chainId))?.info,
            ownRecords: (info, below) => files.searchOwnRecords(info, below, search),
          },
          id,
          "start",
        );
        return { records, warnings };
      });
    },

    info(sessionId) {
      return run(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        return (await readSession(id))?.info;
      });
    },

    list(options = {}) {
      return run(async () => {
        const parsed = checkSchema("list options", options, listOptionsSchema);
        return index.list(parsed);
      });
    },

    archive(sessionId) {
      return run(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        await holds.run(
          id,
          async () => {
            const session = await readSession(id);
            if (session === undefined) throw RolloutError.sessionNotFound(id);
            const marker = await open(files.archivedPath(id), "w");
            await marker.close();
            await syncDirectory(folder);
            await index.change(
              async () => ({
                result: undefined,
                changes: [{ info: { ...session.info, archived: true }, size: session.size }],
              }),
              { complete: false },
            );
          },
          { keep: false },
        );
      });
    },

    delete(sessionId) {
      return run(async () => {
        const id = checkSchema("session id", sessionId, sessionIdSchema);
        await holds.run(
          id,
          () =>
            index.change(
              async (sessions) => {
                if (!(await exists(logPath(id)))) throw RolloutError.sessionNotFound(id);
                const forks = [...(sessions?.values() ?? [])]
                  .filter((entry) => entry.info.parent?.sessionId === id)
                  .map((entry) => entry.info.id);
                if (forks.length > 0) throw RolloutError.referencedByForks(id, forks);
                await unlink(logPath(id));
                for (const path of [files.archivedPath(id), searchIndexPath(location(id))])
                  await unlink(path).catch((error: unknown) => {
                    if (errorCode(error) !== "ENOENT") throw error;
                  });
                await syncDirectory(folder);
                return { result: undefined, changes: [{ deleted: id }] };
              },
              { complete: true },
            ),
          { keep: false },
        );
      });
    },

    async close() {
      await closeCalls();
      await holds.releaseAll();
      await index.close();
      await locks.dispose();
    },
  };
}
