import { ConformanceError } from "./conformance-error.js";

/**
 * The thread id in the JSON events `codex exec --json` printed.
 *
 * @throws {ConformanceError} `codex-failed` when no event names one.
 */
export function readThreadId(stdout: string): string {
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const event: unknown = JSON.parse(line);
    if (typeof event === "object" && event !== null && "thread_id" in event)
      return String(event.thread_id);
  }
  throw new ConformanceError("codex-failed", "codex exec printed no thread id");
}
