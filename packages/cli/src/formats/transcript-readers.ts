import type { JsonValue } from "@ctx/protocol";
import { claudeCodeReader } from "./claude-code-reader.js";
import { codexReader } from "./codex-reader.js";
import { ctxReader } from "./ctx-reader.js";
import { piReader } from "./pi-reader.js";
import type { TranscriptReader } from "./transcript-reader.js";

/**
 * Every format `ctx inspect` reads, in the order a first record is tried against them: @ctx's
 * header and pi's are the most particular, Codex's (any record with a `payload`) the least.
 */
export const transcriptReaders: readonly TranscriptReader[] = [
  ctxReader,
  piReader,
  claudeCodeReader,
  codexReader,
];

/** The reader of the format `first`, a file's first record, opens; `undefined` when none. */
export function detectTranscriptReader(first: JsonValue): TranscriptReader | undefined {
  return transcriptReaders.find((reader) => reader.detects(first));
}

/** The other format whose record `record` looks like, to name a line of it in `reader`'s file. */
export function otherOwner(
  reader: TranscriptReader,
  record: JsonValue,
): TranscriptReader | undefined {
  return transcriptReaders.find((other) => other !== reader && other.owns(record));
}
