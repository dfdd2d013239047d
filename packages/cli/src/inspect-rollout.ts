import type { JsonValue } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { loadDefaultTokenizer, type Tokenizer } from "@ctx/session";
import type { CtxWarning } from "@ctx/text";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";
import { rolloutFormatFiles, rolloutFormatNames } from "./formats/transcript-format.js";
import type { RecordReader, TranscriptReader } from "./formats/transcript-reader.js";
import { detectTranscriptReader, otherOwner } from "./formats/transcript-readers.js";
import { InspectionState } from "./inspection-state.js";
import { orderKindTotals } from "./kind-total.js";
import type { InspectedItem, RolloutInspection } from "./rollout-inspection.js";
import { type RolloutLine, readRolloutLineBatches } from "./rollout-lines.js";

/** Options of {@link inspectRollout}. */
export interface InspectOptions {
  /** Called now and then with how far the reading got. */
  readonly progress?: (message: string) => void;
  /** Called with every item, in order, once it is classified; the reading waits for it. */
  readonly onItem?: (item: InspectedItem) => void | Promise<void>;
  /** How many requests to keep, for the timeline; the rest are counted. */
  readonly requestLimit?: number;
  /** How many events to keep; the rest are counted. */
  readonly eventLimit?: number;
  /** How many of the newest user turns a rollback can take off the history. */
  readonly rollbackWindow?: number;
  /** The longest line read, in bytes; a longer one is skipped with a warning. Default 64 MiB. */
  readonly maxLineBytes?: number;
  /** How many bytes of text are counted with the tokenizer; the rest at bytes / 4. Default 64 MiB. */
  readonly tokenizeLimit?: number;
  /** The tokenizer; o200k_base by default, as `ctx context` and `ctx diff` count. */
  readonly tokenizer?: Tokenizer;
}

/** The default of {@link InspectOptions.maxLineBytes} and {@link InspectOptions.tokenizeLimit}. */
export const defaultInspectLimit = 64 * 1024 * 1024;
/** How many over-long lines are named one by one; the rest are counted in one warning. */
const namedLongLines = 10;

/**
 * Reads the rollout at `path` as a stream and classifies every item the model was sent or
 * produced; a request starts wherever the model speaks after anything else. Who wrote a user
 * message comes from the rollout: the origin @ctx's store records beside each item, or Codex's
 * `user_message` records of what the user typed (paired by `createTypedMessageMatcher` of
 * `@ctx/session`), so a pasted `<environment_context>` stays the user's; only a rollout with
 * neither is read by its markers. Turns are the rollout's own (Codex's turn ids, @ctx's turn
 * records), or, where Codex wrote none, one per message the user typed. Tokens are counted with
 * `options.tokenizer` (o200k_base) up to `tokenizeLimit` bytes of text, then estimated; encrypted
 * content is opaque bytes, never counted as text. Memory stays bounded for any rollout: it holds
 * one line of at most `maxLineBytes` at a time (a longer one is skipped with a warning naming
 * it), sums by kind, the first requests and events up to their limits, and the history as sums
 * per user turn, and for a Claude Code transcript two numbers per rewind its first reading found (for the first 65,536);
 * items go to `onItem` rather than into the result.
 *
 * The format is told from the first record ({@link detectTranscriptReader}) and read by its
 * reader in `formats/`: a Claude Code transcript's or a pi session's records say who wrote each
 * text, a sub-agent's conversation is summed apart, and a message's id groups its lines into one
 * request; a Claude Code transcript is read twice, so that a branch the person rewound from stays
 * out of the main history and its totals (a `rewind` event names each, by the rule
 * `importClaudeCodeTranscript` follows). A line that cannot be read (damaged, torn, of another format, of the wrong shape) is
 * skipped with a warning naming its number.
 *
 * @throws {CliError} `failure` when the file cannot be read, or is not a session of any of the
 * four formats (its first line is not JSON, or not a session's), or an option is out of range.
 */
export async function inspectRollout(
  path: string,
  options: InspectOptions = {},
): Promise<RolloutInspection> {
  const {
    progress = () => {},
    onItem,
    requestLimit = 2000,
    eventLimit = 10_000,
    rollbackWindow = 10_000,
    maxLineBytes = defaultInspectLimit,
    tokenizeLimit = defaultInspectLimit,
  } = options;
  for (const [name, limit] of Object.entries({ requestLimit, eventLimit, rollbackWindow })) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new CliError("failure", `${name} must be a positive integer, not ${limit}`);
    }
  }
  for (const [name, limit] of Object.entries({ maxLineBytes, tokenizeLimit })) {
    if (!Number.isSafeInteger(limit) || limit < 0) {
      throw new CliError("failure", `${name} must be a whole number of bytes, not ${limit}`);
    }
  }
  const tokenizer = options.tokenizer ?? (await loadDefaultTokenizer());
  const state = new InspectionState(createStandardRegistry(), {
    requestLimit,
    eventLimit,
    rollbackWindow,
    keepItems: onItem !== undefined,
    tokenizer,
    tokenizeLimit,
  });
  const warnings: CtxWarning[] = [];
  let reader: TranscriptReader | undefined;
  let read: RecordReader | undefined;
  let lineNumber = 0;
  let longLines = 0;
  try {
    // Read a chunk's lines at a time: waiting once a line cost more than reading many of them.
    for await (const batch of readRolloutLineBatches(path, maxLineBytes)) {
      for (const line of batch) {
        lineNumber = line.number;
        if (lineNumber % 1000 === 0) progress(`read ${lineNumber} lines`);
        if (line.text === undefined) {
          longLines += 1;
          if (longLines <= namedLongLines) {
            warnings.push({
              code: "line-too-long",
              message: `line ${line.number} is ${line.bytes} bytes, over the ${maxLineBytes}-byte limit, and was skipped`,
            });
          }
          continue;
        }
        if (line.text.trim() === "" && line.damage === undefined) continue;
        const value = parseLine(line);
        if (reader === undefined || read === undefined) {
          reader = value === undefined ? undefined : detectTranscriptReader(value);
          if (reader === undefined) {
            const where =
              value === undefined ? `: line ${lineNumber} is not JSON` : ` (line ${lineNumber})`;
            throw new CliError(
              "failure",
              `${path} is not a Codex, Claude Code, pi or @ctx session${where}`,
            );
          }
          read = await openRecordReader(reader, path, maxLineBytes);
        }
        if (value === undefined) {
          state.unread.add(lineNumber, damageOf(line));
          continue;
        }
        const entries = read(value, lineNumber);
        if (entries === undefined) {
          const other = otherOwner(reader, value);
          state.unread.add(
            lineNumber,
            other === undefined
              ? `it is not a ${rolloutFormatNames[reader.format]} record`
              : `it is a ${rolloutFormatNames[other.format]} record in a ${rolloutFormatNames[reader.format]} ${rolloutFormatFiles[reader.format]}`,
          );
          continue;
        }
        for (const entry of entries) state.apply(entry, lineNumber);
        if (onItem !== undefined) {
          for (const item of state.takeItems()) await onItem(item);
        }
      }
    }
    state.finish();
    if (onItem !== undefined) {
      for (const item of state.takeItems()) await onItem(item);
    }
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    throw fileFailure(error, path, "read");
  }
  if (reader === undefined) {
    const reason = longLines > 0 ? "holds no line short enough to read" : "is empty";
    throw new CliError("failure", `${path} ${reason}`);
  }
  warnings.push(...state.warnings);
  if (longLines > namedLongLines) {
    warnings.push({
      code: "lines-too-long",
      message: `${longLines - namedLongLines} more line(s) over the ${maxLineBytes}-byte limit were skipped`,
    });
  }
  const estimated = state.measure.estimated;
  if (estimated.items > 0) {
    warnings.push({
      code: "tokens-estimated",
      message: `${estimated.items} text(s) (${estimated.bytes} bytes) past the first ${tokenizeLimit} bytes of text were counted at bytes / 4, not with ${tokenizer.name}: their figures are marked ~`,
    });
  }
  if (state.events.count > state.events.list.length) {
    warnings.push({
      code: "events-left-out",
      message: `only the first ${state.events.list.length} of ${state.events.count} events are listed`,
    });
  }
  const totals = orderKindTotals(state.totals.values());
  const instructions = state.instructionsSize;
  return {
    path,
    format: reader.format,
    session: { ...state.facts, models: state.models },
    tokenizer: tokenizer.name,
    estimated: { ...estimated },
    ...(instructions === undefined
      ? {}
      : { instructions: { bytes: instructions.bytes, tokens: instructions.tokens } }),
    ...(state.requests.usage.reported === undefined
      ? {}
      : { reported: state.requests.usage.reported }),
    lines: lineNumber,
    turns: state.turn,
    items: totals.reduce((sum, total) => sum + total.items, 0),
    totals,
    requestCount: state.requests.count,
    requestTokens: state.requests.tokens,
    requests: state.requests.kept,
    eventCount: state.events.count,
    events: state.events.list,
    subAgents: state.subAgents.totals(),
    unreadLines: state.unread.count,
    warnings,
  };
}

/**
 * A reader of the file's records; for a format read twice (Claude Code's, whose rewinds leave
 * out records read before them), after a first reading of every line it can parse.
 */
async function openRecordReader(
  reader: TranscriptReader,
  path: string,
  maxLineBytes: number,
): Promise<RecordReader> {
  if (reader.survey === undefined) return reader.open();
  const survey = reader.survey();
  for await (const batch of readRolloutLineBatches(path, maxLineBytes)) {
    for (const line of batch) {
      if (line.text === undefined) continue;
      const value = parseLine(line);
      if (value !== undefined) survey.take(value, line.number);
    }
  }
  return survey.open();
}

/** A line's record, or `undefined` when the line is not JSON. */
function parseLine(line: RolloutLine & { text: string }): JsonValue | undefined {
  if (line.damage !== undefined) return undefined;
  try {
    return JSON.parse(line.text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** Why a line that is not JSON could not be read. */
function damageOf(line: RolloutLine & { text: string }): string {
  if (line.damage === "zeroed") return "it holds zero bytes (a zeroed block, as a crash can leave)";
  if (line.damage === "not-utf8") return "its bytes are not UTF-8";
  if (line.unended === true) return "the file ends in it, cut off before its end (a torn write)";
  return "it is not JSON";
}
