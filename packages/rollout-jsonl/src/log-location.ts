import type { LineLocation } from "./jsonl-line.js";

/** Where a log is, for errors that name a line. */
export interface LogLocation {
  readonly sessionId: string;
  readonly path: string;
}

/** The location of the line at `offset` (and numbered `line`, when known) in `log`, for errors. */
export function lineLocation(log: LogLocation, offset: number, line?: number): LineLocation {
  return { sessionId: log.sessionId, path: log.path, offset, line };
}
