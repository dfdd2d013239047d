import type { JsonValue } from "@ctx/protocol";
import type { RolloutEntry } from "./transcript-entry.js";
import type { RolloutFormat } from "./transcript-format.js";

/**
 * Reads one file's records, in order, keeping what it must between them (a file's own thread
 * of sub-agents, a tree's branches) within a bound: the entries of `record`, on line `line`, or
 * `undefined` when the record is not of this format (the caller names the line).
 */
export type RecordReader = (record: JsonValue, line: number) => RolloutEntry[] | undefined;

/**
 * A first reading of a file's records, for a format whose records a later one can leave out
 * (Claude Code's branches the person rewound from): takes each record with its line, in order,
 * then opens the reader that knows what comes later.
 */
export interface RecordSurvey {
  take(record: JsonValue, line: number): void;
  open(): RecordReader;
}

/** One format of transcript: how to tell its records, and how to read a file of them. */
export interface TranscriptReader {
  readonly format: RolloutFormat;
  /** Whether `record`, a file's first record, opens a transcript of this format. */
  detects(record: JsonValue): boolean;
  /** Whether `record`, anywhere in a file, has the shape of one of this format's records. */
  owns(record: JsonValue): boolean;
  /** A reader for one file's records. */
  open(): RecordReader;
  /** For a format read twice, the first reading of one file, which opens the second. */
  survey?(): RecordSurvey;
}
