import { readFileSync } from "node:fs";
import { errorCode } from "./file-system.js";

/**
 * Who holds a lock: its pid and, where the system has `/proc`, the machine's boot id and the
 * process's start time (in clock ticks since boot). A pid alone cannot say whether its holder
 * is gone: once the holder dies, the system may give the same pid to any later process, and a
 * lock would then look held for ever. The pair (boot id, start time) names one process of one
 * boot: a later process with the same pid has another start time, and after a reboot the boot
 * id differs. Node has no call for an OS lock that the kernel drops at death (`flock`,
 * `fcntl`), so the lock records this identity instead. Without `/proc` (macOS, the BSDs,
 * Windows) only the pid is recorded, and a reused pid keeps such a lock until it is removed by
 * hand.
 */
export interface ProcessIdentity {
  readonly pid: number;
  /** `<boot id>:<start time>`, or `undefined` where `/proc` cannot tell. */
  readonly start: string | undefined;
}

let bootId: string | null | undefined;

/** The machine's boot id, read once; `null` without `/proc`. */
function readBootId(): string | null {
  if (bootId === undefined) {
    try {
      bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
    } catch {
      bootId = null;
    }
  }
  return bootId;
}

/** A start time as `/proc/<pid>/stat` gives it: clock ticks since boot. */
const startTimePattern = /^\d+$/;

/**
 * When the process `pid` started, from `/proc/<pid>/stat` (field 22, counted after the command
 * name, which may hold spaces and parentheses); `undefined` when the file cannot be read or
 * does not hold a start time there.
 */
function readStartTime(pid: number): string | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const started = text.slice(text.lastIndexOf(")") + 2).split(" ")[19];
  return started !== undefined && startTimePattern.test(started) ? started : undefined;
}

/** This process's identity, as a lock records it. */
export function currentProcessIdentity(): ProcessIdentity {
  const boot = readBootId();
  const started = boot === null ? undefined : readStartTime(process.pid);
  return { pid: process.pid, start: started === undefined ? undefined : `${boot}:${started}` };
}

/**
 * Whether a process with this pid may run on this machine: only `ESRCH` says it does not (one
 * we may not signal still runs, and any other failure tells nothing).
 */
function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) !== "ESRCH";
  }
}

/**
 * Whether the process a lock recorded still runs. It is gone only on a definite answer: no
 * process has the pid (`ESRCH`), the lock was taken in another boot, or the pid's start time,
 * read from `/proc`, differs from the recorded one. Whatever cannot be told (no start
 * recorded, no `/proc`, a `/proc` read that fails or holds no start time, a recorded start that
 * is not one) keeps the holder alive: breaking a live holder's lock lets two writers in, while
 * a dead holder's lock judged alive only waits.
 */
export function isProcessRunning(identity: ProcessIdentity): boolean {
  if (!isPidAlive(identity.pid)) return false;
  const boot = readBootId();
  if (identity.start === undefined || boot === null) return true;
  const separator = identity.start.lastIndexOf(":");
  const recorded = identity.start.slice(separator + 1);
  if (separator === -1 || !startTimePattern.test(recorded)) return true;
  if (identity.start.slice(0, separator) !== boot) return false;
  const started = readStartTime(identity.pid);
  return started === undefined || started === recorded;
}
