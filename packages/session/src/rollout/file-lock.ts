import { randomUUID } from "node:crypto";
import { link, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { RolloutError } from "./rollout-error.js";

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? String(error.code)
    : undefined;
}

/** Whether a process with this pid runs on this machine (one we may not signal still runs). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}

async function readLock(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Whether the lock's holder is gone: its pid runs no process, or the content is not a lock's
 * (a lock always appears with its content, so anything else was left by something else).
 */
function isAbandoned(content: string): boolean {
  const match = /^(\d+) \S+\n$/.exec(content);
  return match === null || !isAlive(Number(match[1]));
}

/**
 * Removes an abandoned lock without removing a live one that replaced it meanwhile: the lock is
 * moved aside first (only one breaker can move a given file), and put back when what was moved
 * is not the abandoned lock that was read.
 */
async function breakLock(path: string, abandoned: string): Promise<void> {
  const aside = `${path}.broken-${randomUUID()}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  if ((await readLock(aside)) !== abandoned) {
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside);
  await removeAbandonedAttempts(path);
}

/**
 * Removes the files a writer killed while taking the lock left beside it (the content it had
 * not linked yet, or not unlinked after): each names a dead pid. Runs only after a lock was
 * found abandoned, since that is when such files appear.
 */
async function removeAbandonedAttempts(path: string): Promise<void> {
  const prefix = `${basename(path)}.`;
  for (const name of await readdir(dirname(path))) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const attempt = join(dirname(path), name);
    const content = await readLock(attempt);
    if (content !== undefined && isAbandoned(content)) await unlink(attempt).catch(() => undefined);
  }
}

/** Releases a lock taken by {@link acquireFileLock}. */
export type ReleaseLock = () => Promise<void>;

/**
 * Takes a lock that holds across processes on one machine: a file that appears at once (its
 * content written aside, then hard-linked into place, which fails when it exists) holding the
 * holder's pid. A lock whose holder died is broken and taken; a live one is waited for, up
 * to `timeout` milliseconds.
 *
 * @throws {RolloutError} `lock-timeout` when the lock stays held; `io-failed` when the file
 * system fails.
 */
export async function acquireFileLock(
  path: string,
  options: { readonly timeout: number; readonly sessionId?: string },
): Promise<ReleaseLock> {
  const token = randomUUID();
  const content = `${process.pid} ${token}\n`;
  const deadline = Date.now() + options.timeout;
  let wait = 1;
  for (;;) {
    // The lock appears with its holder's pid already inside: written aside, then linked into
    // place (link fails when the lock exists), so no one ever sees a lock without its holder.
    const written = `${path}.${token}.tmp`;
    try {
      await writeFile(written, content, { flag: "wx" });
      try {
        await link(written, path);
        // Only a holder that died loses its lock to another, so the lock is still this one's.
        return () => unlink(path);
      } finally {
        await unlink(written);
      }
    } catch (error) {
      if (errorCode(error) !== "EEXIST")
        throw new RolloutError("io-failed", `cannot create the lock file ${path}`, {
          path,
          cause: error,
          ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
        });
    }
    const held = await readLock(path);
    if (held === undefined) continue;
    if (isAbandoned(held)) {
      await breakLock(path, held);
      continue;
    }
    if (Date.now() > deadline)
      throw new RolloutError("lock-timeout", `the lock ${path} stayed held by another writer`, {
        path,
        ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
      });
    await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random())));
    wait = Math.min(wait * 2, 25);
  }
}
