import type { JsonValue } from "@ctx/protocol";
import { createClaudeCodeRecordReader, createClaudeCodeRewindTracker } from "@ctx/session";
import type { RolloutEntry } from "./transcript-entry.js";

/** A rewind, as the first reading found it. */
interface Rewind {
  readonly line: number;
  readonly parentLine: number;
  readonly records: number;
}

/**
 * Where a Claude Code transcript's person rewound, found by reading its records once before
 * `ctx inspect` reads them again: by the rule `importClaudeCodeTranscript` follows
 * (`createClaudeCodeRewindTracker` of `@ctx/session`), each rewind and the lines of the branch it
 * left. Those lines are held as ranges, none overlapping (a rewind further back takes in the
 * ranges after its parent), and asked for in order on the second reading. Past the first 65,536
 * rewinds, the branches left are read as going on, and the first such rewind says so.
 */
export class ClaudeCodeRewindPlan {
  private readonly read = createClaudeCodeRecordReader();
  private readonly tracker = createClaudeCodeRewindTracker();
  /** The lines of the branches left, as `[first, last]`, in order. */
  private readonly ranges: [number, number][] = [];
  private readonly rewinds: Rewind[] = [];
  private nextRange = 0;
  private nextRewind = 0;
  /** The line of the first rewind past the memory, if any. */
  private beyond: number | undefined;

  /** `memory`: how many rewinds are planned; the branches of later ones are read as going on. */
  constructor(private readonly memory = 65_536) {}

  /** Takes the record on line `line` of the first reading. */
  take(json: JsonValue, line: number): void {
    const record = this.read(json);
    if (record === undefined) return;
    const rewind = this.tracker.take(record, json);
    this.tracker.remember(line);
    if (rewind === undefined) return;
    if (this.rewinds.length >= this.memory) {
      this.beyond ??= line;
      return;
    }
    this.rewinds.push({ line, parentLine: rewind.place, records: rewind.records });
    let first = rewind.place + 1;
    for (let last = this.ranges.at(-1); last !== undefined && last[1] >= first - 1; ) {
      first = Math.min(first, last[0]);
      this.ranges.pop();
      last = this.ranges.at(-1);
    }
    if (first < line) this.ranges.push([first, line - 1]);
  }

  /** The rewind the record on `line` makes, if any; lines are asked for in order. */
  rewindAt(line: number): RolloutEntry | undefined {
    if (line === this.beyond) {
      return {
        type: "warning",
        code: "rewinds-beyond-memory",
        message: `the rewinds from line ${line} on are past the first ${this.memory}: the branches they leave are read as going on, in the history and its totals`,
      };
    }
    let rewind = this.rewinds[this.nextRewind];
    while (rewind !== undefined && rewind.line < line) {
      this.nextRewind += 1;
      rewind = this.rewinds[this.nextRewind];
    }
    return rewind?.line === line
      ? { type: "rewind", records: rewind.records, parentLine: rewind.parentLine }
      : undefined;
  }

  /** Whether `line` is on a branch the person left; lines are asked for in order. */
  leftOut(line: number): boolean {
    let range = this.ranges[this.nextRange];
    while (range !== undefined && range[1] < line) {
      this.nextRange += 1;
      range = this.ranges[this.nextRange];
    }
    return range !== undefined && range[0] <= line;
  }
}
