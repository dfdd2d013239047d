import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { currentProcessIdentity, isProcessRunning } from "./process-identity.js";

const hasProc = existsSync("/proc/self/stat");

describe("isProcessRunning", () => {
  it("knows this process, and knows a finished one is gone", () => {
    expect(isProcessRunning(currentProcessIdentity())).toBe(true);
    const finished = spawnSync(process.execPath, ["-e", "0"]).pid;
    expect(isProcessRunning({ pid: finished, start: undefined })).toBe(false);
  });

  it.runIf(hasProc)(
    "tells a reused pid from its first owner by the start time and the boot",
    () => {
      const self = currentProcessIdentity();
      const [boot = "", started = ""] = self.start?.split(":") ?? [];
      expect(boot).toMatch(/^[0-9a-f-]{36}$/);
      expect(started).toMatch(/^\d+$/);
      expect(isProcessRunning({ pid: self.pid, start: `${boot}:${Number(started) + 1}` })).toBe(
        false,
      );
      expect(isProcessRunning({ pid: self.pid, start: `not-this-boot:${started}` })).toBe(false);
      // A lock written without a start (an older store, or no /proc) falls back to the pid.
      expect(isProcessRunning({ pid: self.pid, start: undefined })).toBe(true);
    },
  );

  it.runIf(hasProc)("keeps a live holder alive when its recorded start cannot be told", () => {
    const self = currentProcessIdentity();
    const [boot = ""] = self.start?.split(":") ?? [];
    for (const start of [`${boot}:`, `${boot}:soon`, "no-separator", `not-this-boot:1x`])
      expect(isProcessRunning({ pid: self.pid, start })).toBe(true);
    // Whatever the recorded start, a pid no process has is gone.
    const finished = spawnSync(process.execPath, ["-e", "0"]).pid;
    expect(isProcessRunning({ pid: finished, start: self.start })).toBe(false);
  });
});
