import { randomUUID } from "node:crypto";
import { link, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { RolloutError } from "@ctx/rollout";
import { errorCode } from "./file-system.js";

/** Whether a process with this pid runs on this machine (one we may not signal still runs). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

const identityPattern = /^(\d+) (\S+)\n$/;
const identityPrefix = ".writer-";

/**
 * Whether a lock's holder is gone: its pid runs no process, or the content is not a lock's
 * (a lock always appears with its content, so anything else was left by something else).
 */
function isAbandoned(content: string): boolean {
  const match = identityPattern.exec(content);
  return match === null || !isAlive(Number(match[1]));
}

/** Releases a lock taken with {@link FileLocks.acquire}. */
export type ReleaseLock = () => Promise<void>;

/** The locks one store takes in one directory. */
export interface FileLocks {
  /**
   * Takes the lock at `path`, waiting up to `timeout` milliseconds for a live holder and
   * breaking the lock of a dead one.
   *
   * @throws {RolloutError} `lock-timeout` when the lock stays held; `io-failed` when the file
   * system fails.
   */
  acquire(
    path: string,
    options: { readonly timeout: number; readonly sessionId?: string },
  ): Promise<ReleaseLock>;
  /** Removes this store's identity file; locks still held stay until released. */
  dispose(): Promise<void>;
}

/**
 * Locks that hold across processes on one machine. Each store writes one identity file in the
 * directory holding its pid (`.writer-<pid>-<token>`), and a lock is a hard link to it:
 * `link` creates the lock exclusively, as O_EXCL would, and the lock appears with its holder's
 * pid already inside, so no one ever sees a lock without its holder. Taking and releasing a lock
 * is then one `link` and one `unlink`.
 *
 * A lock whose holder died is removed by one breaker at a time: a breaker first takes the lock's
 * breaking lock (`<lock>.breaking`, the same kind of link), reads the lock again and removes it
 * only if it is still the abandoned one, then removes the dead holders' identity files. Only
 * breakers remove a lock that is not theirs, so while one holds the breaking lock nobody else
 * can swap the abandoned lock for a live one between that read and the removal.
 */
export function createFileLocks(directory: string): FileLocks {
  const token = randomUUID();
  const content = `${process.pid} ${token}\n`;
  const identity = join(directory, `${identityPrefix}${process.pid}-${token}`);
  let written: Promise<void> | undefined;

  /**
   * Removes the lock at `path` if it still holds `abandoned`, under its breaking lock. Returns
   * `false` when another store is breaking it (the caller waits, then looks again).
   */
  async function breakLock(path: string, abandoned: string): Promise<boolean> {
    const breaking = `${path}.breaking`;
    try {
      await link(identity, breaking);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
      const breaker = await readIfPresent(breaking);
      if (breaker !== undefined && isAbandoned(breaker)) await moveAbandoned(breaking, breaker);
      return false;
    }
    try {
      if ((await readIfPresent(path)) === abandoned) {
        await unlink(path).catch((error: unknown) => {
          if (errorCode(error) !== "ENOENT") throw error;
        });
      }
      await removeDeadIdentities();
    } finally {
      await unlink(breaking);
    }
    return true;
  }

  /**
   * Removes a breaking lock whose breaker died: moved aside (only one store can move a given
   * file), checked to be the abandoned one that was read (put back otherwise), and removed. A
   * breaker that dies while another store breaks its breaking lock is the one case this cannot
   * order; it needs two deaths at once, where the lock itself needs one.
   */
  async function moveAbandoned(path: string, abandoned: string): Promise<void> {
    const aside = `${path}.broken-${randomUUID()}`;
    try {
      await rename(path, aside);
    } catch (error) {
      if (errorCode(error) === "ENOENT") return;
      throw error;
    }
    if ((await readIfPresent(aside)) !== abandoned) await link(aside, path).catch(() => undefined);
    await unlink(aside);
  }

  /** Removes identity files whose process is gone (a store killed before it closed leaves one). */
  async function removeDeadIdentities(): Promise<void> {
    for (const name of await readdir(directory)) {
      if (!name.startsWith(identityPrefix)) continue;
      const pid = Number(name.slice(identityPrefix.length).split("-")[0]);
      if (Number.isInteger(pid) && !isAlive(pid))
        await unlink(join(directory, name)).catch(() => undefined);
    }
  }

  return {
    async acquire(path, options) {
      const details = {
        path,
        ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
      };
      written ??= writeFile(identity, content, { flag: "wx" });
      try {
        await written;
      } catch (error) {
        written = undefined;
        throw new RolloutError("io-failed", `cannot write the lock identity ${identity}`, {
          ...details,
          cause: error,
        });
      }
      const deadline = Date.now() + options.timeout;
      let wait = 1;
      for (;;) {
        try {
          await link(identity, path);
          // Only a holder that died loses its lock to another, so the lock is still this one's.
          return () => unlink(path);
        } catch (error) {
          if (errorCode(error) !== "EEXIST")
            throw new RolloutError("io-failed", `cannot create the lock file ${path}`, {
              ...details,
              cause: error,
            });
        }
        const held = await readIfPresent(path);
        if (held === undefined) continue;
        if (isAbandoned(held) && (await breakLock(path, held))) continue;
        if (Date.now() > deadline)
          throw new RolloutError(
            "lock-timeout",
            `the lock ${path} stayed held by another writer`,
            details,
          );
        await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random())));
        wait = Math.min(wait * 2, 25);
      }
    },

    async dispose() {
      if (written === undefined) return;
      written = undefined;
      await unlink(identity).catch((error: unknown) => {
        if (errorCode(error) !== "ENOENT") throw error;
      });
    },
  };
}
