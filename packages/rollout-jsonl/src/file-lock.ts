import { createHash, randomUUID } from "node:crypto";
import { closeSync, existsSync, openSync } from "node:fs";
import { link, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { RolloutError } from "@ctx/rollout";
import { createDirectoryChanges } from "./directory-changes.js";
import { errorCode } from "./file-system.js";
import { currentProcessIdentity, isProcessRunning } from "./process-identity.js";

/**
 * Creates `<lock>.wanted` unless it is there, with synchronous calls: every waiter does this at
 * every look, and through the thread pool those calls would queue with the holder's fsyncs.
 */
function announce(wanted: string): void {
  if (existsSync(wanted)) return;
  try {
    closeSync(openSync(wanted, "wx"));
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
  }
}

async function removeIfPresent(path: string): Promise<void> {
  await unlink(path).catch((error: unknown) => {
    if (errorCode(error) !== "ENOENT") throw error;
  });
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** A lock's content: `<pid> <token>`, then ` <boot id>:<start time>` where `/proc` tells it. */
const identityPattern = /^(\d+) (\S+)(?: (\S+))?\n$/;
const identityPrefix = ".writer-";

/**
 * Whether a lock's holder is gone: the process it names no longer runs (see
 * {@link isProcessRunning}: a reused pid does not keep it), or the content is not a lock's (a
 * lock always appears with its content, so anything else was left by something else).
 */
function isAbandoned(content: string): boolean {
  const match = identityPattern.exec(content);
  return match === null || !isProcessRunning({ pid: Number(match[1]), start: match[3] });
}

/**
 * The lock that the breakers of the abandoned content `abandoned` at `path` take, one at a time:
 * its name is made from that content, so it serves one abandoned lock and no later one. Were
 * the name the same for every abandoned lock, a breaker that read a dead breaker's content
 * late could remove the breaking lock that a live breaker took since, and two breakers would
 * then remove locks at once, a live holder's among them.
 */
export function breakingPath(path: string, abandoned: string): string {
  return `${path}.breaking-${createHash("sha256").update(abandoned).digest("hex").slice(0, 32)}`;
}

/**
 * Releases a lock taken with {@link FileLocks.acquire}.
 *
 * @throws {RolloutError} `lock-lost` when the lock file was gone (another store removed it).
 */
export type ReleaseLock = () => Promise<void>;

/** How {@link FileLocks.acquire} takes a lock. */
export interface AcquireOptions {
  /** How long to wait for a live holder, in milliseconds. */
  readonly timeout: number;
  readonly sessionId?: string;
  /**
   * Let a store that waits for the lock take it first (up to {@link politeWait} ms): for a
   * holder that just let go of the lock because it was wanted.
   */
  readonly polite?: boolean;
}

/** How long a polite {@link FileLocks.acquire} leaves the lock to a store that wants it. */
const politeWait = 100;

/** The locks one store takes in one directory. */
export interface FileLocks {
  /**
   * Takes the lock at `path`, waiting up to `timeout` milliseconds for a live holder and
   * breaking the lock of a dead one.
   *
   * @throws {RolloutError} `lock-timeout` when the lock stays held; `io-failed` when the file
   * system fails.
   */
  acquire(path: string, options: AcquireOptions): Promise<ReleaseLock>;
  /**
   * Whether another store waits for the lock at `path`: a holder that keeps a lock between
   * calls asks this after each, and lets go when it is wanted. A waiter's `<lock>.wanted` is an
   * entry of the directory, so while the directory's entries stay as they were (see
   * {@link createDirectoryChanges}: one `stat` of the directory per few milliseconds, shared
   * by all the locks) a lock found not wanted is not looked at again; after a change, one
   * synchronous look for the marker, so the answer does not wait in the thread pool behind
   * other files' fsyncs. A waiter is seen within a few milliseconds of announcing itself.
   */
  isWanted(path: string): boolean;
  /**
   * Removes the identity files of stores whose process is gone, as a lock's holder is judged
   * gone ({@link isProcessRunning}): a store killed before it closed (Ctrl-C) leaves one, and
   * only a store that breaks a lock removed them otherwise. A file whose process may still run
   * stays.
   */
  removeDeadIdentities(): Promise<void>;
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
 * A store that finds a lock held by a live holder says so with `<lock>.wanted` (created if
 * missing at every look, removed by whoever takes the lock next): a holder that keeps a lock
 * between calls checks it now and then, lets go, and leaves the next turn to the waiter.
 *
 * A lock whose holder died is removed by one breaker at a time: a breaker first takes the
 * breaking lock of the abandoned content (`<lock>.breaking-<hash of the content>`, the same kind
 * of link), reads the lock again and removes it only if it still holds that content, then
 * removes the dead holders' identity files. Only breakers remove a lock that is not theirs, so
 * while one holds the breaking lock nobody else can swap the abandoned lock for a live one
 * between that read and the removal. A breaker that died holding a breaking lock is broken the
 * same way: each level needs another death, and every name serves one abandoned content only.
 */
export function createFileLocks(directory: string): FileLocks {
  const token = randomUUID();
  const self = currentProcessIdentity();
  const content = `${self.pid} ${token}${self.start === undefined ? "" : ` ${self.start}`}\n`;
  const identity = join(directory, `${identityPrefix}${process.pid}-${token}`);
  let written: Promise<void> | undefined;
  const changes = createDirectoryChanges(directory);
  /** The locks found not wanted, each with the directory's generation when it was looked at. */
  const unwantedAt = new Map<string, number>();

  /**
   * Removes the lock at `path` if it still holds `abandoned`, under the breaking lock of that
   * content (see {@link breakingPath}). Returns `false` when another store is breaking it (the
   * caller waits, then looks again). A breaking lock whose breaker died is broken the same way,
   * one level down.
   */
  async function breakLock(path: string, abandoned: string): Promise<boolean> {
    const breaking = breakingPath(path, abandoned);
    try {
      await link(identity, breaking);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
      const breaker = await readIfPresent(breaking);
      if (breaker !== undefined && isAbandoned(breaker)) await breakLock(breaking, breaker);
      return false;
    }
    try {
      if ((await readIfPresent(path)) === abandoned) await removeIfPresent(path);
      await removeDeadIdentities();
    } finally {
      await removeIfPresent(breaking);
    }
    return true;
  }

  /** Removes identity files whose process is gone (a store killed before it closed leaves one). */
  async function removeDeadIdentities(): Promise<void> {
    for (const name of await readdir(directory)) {
      if (!name.startsWith(identityPrefix)) continue;
      const pid = Number(name.slice(identityPrefix.length).split("-")[0]);
      if (!Number.isInteger(pid)) continue;
      const path = join(directory, name);
      // A store writing its identity leaves it empty for a moment: then the name's pid decides.
      const start = identityPattern.exec((await readIfPresent(path)) ?? "")?.[3];
      if (!isProcessRunning({ pid, start })) await unlink(path).catch(() => undefined);
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
      const wanted = `${path}.wanted`;
      const deadline = Date.now() + options.timeout;
      if (options.polite === true) {
        const until = Date.now() + politeWait;
        while (Date.now() < until && existsSync(wanted))
          await new Promise((resolve) => setTimeout(resolve, 2));
      }
      let announced = false;
      let wait = 1;
      for (;;) {
        try {
          await link(identity, path);
          if (announced) await removeIfPresent(wanted);
          // Only a holder that died loses its lock to another, so the lock is still this one's.
          return () => {
            unwantedAt.delete(path);
            return unlink(path).catch((error: unknown) => {
              if (errorCode(error) !== "ENOENT") throw error;
              throw new RolloutError(
                "lock-lost",
                `the lock ${path} was removed by another writer while this one held it`,
                { ...details, cause: error },
              );
            });
          };
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
        if (Date.now() > deadline) {
          if (announced) await removeIfPresent(wanted);
          throw new RolloutError(
            "lock-timeout",
            `the lock ${path} stayed held by another writer`,
            details,
          );
        }
        announce(wanted);
        announced = true;
        await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random())));
        wait = Math.min(wait * 2, 25);
      }
    },

    removeDeadIdentities,

    isWanted(path) {
      const generation = changes.generation();
      if (unwantedAt.get(path) === generation) return false;
      const wanted = existsSync(`${path}.wanted`);
      if (wanted) unwantedAt.delete(path);
      else unwantedAt.set(path, generation);
      return wanted;
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
