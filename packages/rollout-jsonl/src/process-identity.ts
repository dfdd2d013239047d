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

/**
 * When the process `pid` started, from `/proc/<pid>/stat` (field 22, counted after the command
 * name, which may hold spaces and parentheses); `"gone"` when no such process runs, `undefined`
 * when `/proc` cannot tell.
 */
function readStartTime(pid: number): string | "gone" | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    return errorCode(error) === "ENOENT" ? "gone" : undefined;
  }
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return fields[19];
}

/** This process's identity, as a lock records it. */
export function currentProcessIdentity(): ProcessIdentity {
  const boot = readBootId();
  const started = boot === null ? undefined : readStartTime(process.pid);
  return {
    pid: process.pid,
    start:
      boot === null || started === undefined || started === "gone"
        ? undefined
        : `${boot}:${started}`,
  };
}

/** Whether a process with this pid runs on this machine (one we may not signal still runs). */
function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}

/**
 * Whether the process a lock recorded still runs: with a start recorded and `/proc` present, the
 * same boot and the same start time of that pid; otherwise (an older lock, no `/proc`) whether
 * the pid runs at all.
 */
export function isProcessRunning(identity: ProcessIdentity): boolean {
  const boot = readBootId();
  if (identity.start === undefined || boot === null) return isPidAlive(identity.pid);
  const separator = identity.start.lastIndexOf(":");
  if (identity.start.slice(0, separator) !== boot) return false;
  const started = readStartTime(identity.pid);
  if (started === "gone") return false;
  if (started === undefined) return isPidAlive(identity.pid);
  return started === identity.start.slice(separator + 1);
}
