import { randomUUID } from "node:crypto";
import { link, open, unlink } from "node:fs/promises";
import {
  type createSessionRequestSchema,
  isCreateRetry,
  RolloutConflictError,
  RolloutError,
  type SessionInfo,
} from "@ctx/rollout";
import type { z } from "zod";
import { errorCode } from "./file-system.js";
import type { IndexAction } from "./index-changes.js";
import { encodeHeaderLine, type HeaderLine } from "./jsonl-line.js";
import type { JsonlSessionFiles } from "./jsonl-session-files.js";
import { infoFromHeader } from "./session-from-log.js";
import { syncDirectory } from "./sync-directory.js";

/**
 * Creates session `id`'s log in `folder`, as a change of the listing index: checks the parent,
 * writes the header to a temporary file, fsyncs it and links it in place, so a log is there
 * whole or not at all. An id already taken by the same request with nothing appended answers
 * that session (a retry whose answer was lost).
 *
 * @throws {RolloutError} `invalid-parent` when the parent is missing or shorter than the fork.
 * @throws {RolloutConflictError} when another session holds the id.
 */
export async function createSessionLog(
  folder: string,
  files: Pick<JsonlSessionFiles, "logPath" | "readSession">,
  request: z.output<typeof createSessionRequestSchema>,
  id: string,
): ReturnType<IndexAction<SessionInfo>> {
  const { logPath, readSession } = files;
  if (request.parent !== undefined) {
    const parent = await readSession(request.parent.sessionId);
    if (parent === undefined || parent.info.nextSequence < request.parent.sequence)
      throw RolloutError.invalidParent(request.parent, parent?.info.nextSequence);
  }
  const header: HeaderLine = {
    rollout: 1,
    id,
    createdAt: new Date().toISOString(),
    ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
    ...(request.parent === undefined ? {} : { parent: request.parent }),
    meta: request.meta ?? null,
  };
  const text = encodeHeaderLine(header);
  const temporary = `${logPath(id)}.${randomUUID()}.tmp`;
  const handle = await open(temporary, "wx");
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  let taken = false;
  try {
    await link(temporary, logPath(id));
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
    taken = true;
  } finally {
    await unlink(temporary);
  }
  if (taken) {
    const session = await readSession(id);
    if (session !== undefined && isCreateRetry(session.info, { ...request, id }))
      return { result: session.info, changes: [] };
    throw RolloutConflictError.forTakenId(id, session?.info.nextSequence ?? 0);
  }
  await syncDirectory(folder);
  const info = infoFromHeader(header, {
    nextSequence: header.parent?.sequence ?? 0,
    updatedAt: header.createdAt,
    archived: false,
  });
  return { result: info, changes: [{ info, size: Buffer.byteLength(text) }] };
}
