import { readFileSync } from "node:fs";

/**
 * How long a process has waited, runnable, for a CPU, in milliseconds: the second field of
 * `/proc/PID/schedstat` (nanoseconds spent on a run queue), or `undefined` where it cannot be
 * read (not Linux, another user's process). A wait that grows with the CPU time means the
 * machine, not the store, set the pace.
 */
export function schedulerWaitMilliseconds(pid: number | "self" = "self"): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(" ");
    const waited = Number(fields[1]);
    return Number.isFinite(waited) ? waited / 1e6 : undefined;
  } catch {
    return undefined;
  }
}
