import { randomUUID } from "node:crypto";
import { link, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { RolloutError } from "./rollout-error.js";

/** How long a lock file may stay without its holder's pid before it counts as abandoned. */
const unwrittenLockAge = 5_000;

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

/** Whether the lock's content shows an abandoned lock: a dead holder, or none after a while. */
async function isAbandoned(path: string, content: string): Promise<boolean> {
  const match = /^(\d+) \S+\n$/.exec(content);
  if (match !== null) return !isAlive(Number(match[1]));
  try {
    return Date.now() - (await stat(path)).mtimeMs > unwrittenLockAge;
  } catch {
    return false;
  }
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
}

/** Releases a lock taken by {@link acquireFileLock}. */
export type ReleaseLock = () => Promise<void>;

/**
 * Takes a lock that holds across processes on one machine: a file created with O_EXCL holding
 * the holder's pid. A lock whose holder died is broken and taken; a live one is waited for, up
 * to `timeout` milliseconds.
 *
 * @throws {RolloutError} `lock-timeout` when the lock stays held; `io-failed` when the file
 * system fails.
 */
export async function acquireFileLock(
  path: string,
  options: { readonly timeout: number; readonly sessionId?: string },
): Promise<ReleaseLock> {
  const content = `${process.pid} ${randomUUID()}\n`;
  const deadline = Date.now() + options.timeout;
  let wait = 1;
  for (;;) {
    try {
      const handle = await open(path, "wx");
      try {
        await handle.writeFile(content);
      } finally {
        await handle.close();
      }
      return async () => {
        if ((await readLock(path)) === content) await unlink(path);
      };
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
    if (await isAbandoned(path, held)) {
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
