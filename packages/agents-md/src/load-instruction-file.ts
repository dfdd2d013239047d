import { isBlank, trimWhiteSpace, utf8ByteLength } from "@ctx/text";
import type { AgentsMdWarning, FileCutWarning, FileSkippedWarning } from "./agents-md-warning.js";
import { checkEncoding } from "./check-encoding.js";
import { expandImports, type ImportSettings } from "./expand-imports.js";
import type { FileStat } from "./file-system.js";
import { classifyFailure, describeFailure, errorCodeOf } from "./file-system-failure.js";
import type { AgentsMdCut, AgentsMdFileProvenance } from "./loaded-agents-md-data.js";
import type { CheckedOpen } from "./read-checked-file.js";
import { truncationNote } from "./truncation-note.js";
import { decodeUtf8Lossy, encodeUtf8, incompleteTailLength, splitsCharacter } from "./utf8.js";

/**
 * With imports on, a file is read this far past its allowance, so that a reference crossing the
 * budget line is read whole and inlined (the budget then cuts the expanded text).
 */
const importSlack = 4096;

/**
 * How far past its allowance a file is read: 3 bytes, to tell whether the cut splits a
 * character, and 4 KiB more with imports on.
 */
export function readSlack(imports: boolean): number {
  return 3 + (imports ? importSlack : 0);
}

/** One file to load, with what it may cost. */
export interface InstructionFileRequest {
  readonly path: string;
  /** The file, opened and checked by the caller (who closes it), or why it could not be. */
  readonly opened: CheckedOpen;
  /** The environment, for warnings (`null` for the global file). */
  readonly environment: string | null;
  /** The most bytes the file's text may use. */
  readonly allowance: number;
  /** What the allowance is, for the cut warning. */
  readonly limit: "budget" | "global-cap";
  /** Trim the text (the global file) rather than keep it as is (project files). */
  readonly trim: boolean;
  readonly truncationNote: boolean;
  /** Import settings, or `null` when imports are off. */
  readonly imports: ImportSettings | null;
}

/** What loading one file gave: the file's provenance and cost, or nothing. */
export interface InstructionFileOutcome {
  /** The loaded file, or `null` when it was skipped or could not be read. */
  readonly file: AgentsMdFileProvenance | null;
  /** The bytes of the allowance it used. */
  readonly cost: number;
  readonly warnings: AgentsMdWarning[];
}

/** The bytes read, what they say of the file, and where the allowance cuts them. */
interface RawRead {
  readonly stat: FileStat;
  readonly bytes: Uint8Array;
  /** Whether the whole file was read (the read stopped short of its limit). */
  readonly whole: boolean;
  /** The file's size, as far as known. */
  readonly size: number;
}

/** The part of a file (or of its expanded text) that the model sees. */
interface Kept {
  readonly text: string;
  readonly keptBytes: number;
  /** The size of what was cut from (the file, or its expanded text plus what was left unread). */
  readonly total: number;
  readonly cut: AgentsMdCut | null;
  /** The imports inlined into `text`. */
  readonly imports: AgentsMdFileProvenance["imports"];
}

/**
 * Reads one instruction file without reading past its allowance (plus 3 bytes, to tell whether
 * the cut splits a character; plus 4 KiB with imports on) from the file the caller opened and
 * proved to be the one found; cuts it at the byte, decodes it lossily, skips it when it is binary or what is kept
 * is blank, inlines imports and adds the truncation note when asked. Never throws: a read
 * failure is a `read-failed` warning.
 */
export async function loadInstructionFile(
  request: InstructionFileRequest,
): Promise<InstructionFileOutcome> {
  const read = await readWithinLimit(request);
  if ("failure" in read) return nothing([read.failure]);
  const warnings: AgentsMdWarning[] = checkedEncoding(request, read);
  if (warnings.some((warning) => warning.code === "binary-file")) return nothing(warnings);
  let kept = keptPart(request, read);
  if (isBlank(kept.text)) return nothing([...warnings, skipped(request, read.size, kept.cut)]);
  if (request.imports !== null) {
    const expanded = await expandedPart(request, request.imports, read, warnings);
    if (expanded !== null) kept = expanded;
    if (isBlank(kept.text)) return nothing([...warnings, skipped(request, read.size, kept.cut)]);
  }
  if (kept.cut !== null) warnings.push(cutWarning(request, kept, kept.cut));
  const note =
    kept.cut !== null && request.truncationNote
      ? truncationNote(request.path, kept.keptBytes, kept.total)
      : "";
  return {
    file: {
      path: request.path,
      identity: read.stat.identity,
      text: kept.text + note,
      bytes: kept.total,
      bytesRead: read.bytes.length,
      keptBytes: kept.keptBytes,
      cut: kept.cut,
      imports: kept.imports,
    },
    cost: kept.keptBytes,
    warnings,
  };
}

function nothing(warnings: AgentsMdWarning[]): InstructionFileOutcome {
  return { file: null, cost: 0, warnings };
}

/** Step 1: read the opened file no further than the limit. */
async function readWithinLimit(
  request: InstructionFileRequest,
): Promise<RawRead | { readonly failure: AgentsMdWarning }> {
  const { path } = request;
  const readLimit = request.allowance + readSlack(request.imports !== null);
  try {
    if ("error" in request.opened) throw request.opened.error;
    const { stat, file } = request.opened.opened;
    const bytes = await file.read(readLimit);
    const whole = bytes.length < readLimit;
    return { stat, bytes, whole, size: whole ? bytes.length : Math.max(stat.size, bytes.length) };
  } catch (error) {
    const reason = classifyFailure(error);
    return {
      failure: {
        code: "read-failed",
        message: `${path} was found but could not be read: ${describeFailure(reason, error)}`,
        path,
        environment: request.environment,
        operation: "read",
        reason,
        errorCode: errorCodeOf(error),
      },
    };
  }
}

/** Step 2: the encoding warnings of the kept bytes (a character split by the cut aside). */
function checkedEncoding(request: InstructionFileRequest, read: RawRead): AgentsMdWarning[] {
  const { allowance } = request;
  const kept = read.bytes.subarray(0, allowance);
  const split = read.bytes.length > allowance && splitsCharacter(read.bytes, allowance);
  const checked = split ? kept.subarray(0, kept.length - incompleteTailLength(kept)) : kept;
  return checkEncoding(checked, request.path, request.environment);
}

/** Step 3: the file's own text within the allowance, cut at the byte. */
function keptPart(request: InstructionFileRequest, read: RawRead): Kept {
  const { allowance } = request;
  const cut = read.bytes.length > allowance;
  const kept = cut ? read.bytes.subarray(0, allowance) : read.bytes;
  return {
    text: finished(request, decodeUtf8Lossy(kept)),
    keptBytes: kept.length,
    total: read.size,
    cut: cut
      ? {
          at: allowance,
          droppedBytes: read.size - allowance,
          splitCharacter: splitsCharacter(read.bytes, allowance),
        }
      : null,
    imports: [],
  };
}

/**
 * Step 4, with imports on: the text with its imports inlined, cut to the allowance; `null` when
 * the file makes no reference. The references are looked for in what was read up to the end of
 * the word the allowance falls in, so one that crosses the budget line is read whole.
 */
async function expandedPart(
  request: InstructionFileRequest,
  settings: ImportSettings,
  read: RawRead,
  warnings: AgentsMdWarning[],
): Promise<Kept | null> {
  const { allowance } = request;
  const source = read.whole ? read.bytes : read.bytes.subarray(0, wordEnd(read.bytes, allowance));
  const sourceText = decodeUtf8Lossy(source);
  const expanded = await expandImports(sourceText, request.path, allowance, settings);
  if (expanded.imports.length === 0 && expanded.warnings.length === 0) return null;
  warnings.push(...expanded.warnings);
  const unread = read.size - source.length + expanded.unreadBytes;
  const expandedLength = utf8ByteLength(expanded.text);
  const total = expandedLength + unread;
  const { imports } = expanded;
  if (expandedLength > allowance) {
    const bytes = encodeUtf8(expanded.text);
    return {
      text: finished(request, decodeUtf8Lossy(bytes.subarray(0, allowance))),
      keptBytes: allowance,
      total,
      cut: {
        at: allowance,
        droppedBytes: total - allowance,
        splitCharacter: splitsCharacter(bytes, allowance),
      },
      imports,
    };
  }
  return {
    text: finished(request, expanded.text),
    keptBytes: expandedLength,
    total,
    cut: unread > 0 ? { at: expandedLength, droppedBytes: unread, splitCharacter: false } : null,
    imports,
  };
}

/** The text as the model sees it: trimmed for the global file, as is for project files. */
function finished(request: InstructionFileRequest, text: string): string {
  return request.trim ? trimWhiteSpace(text) : text;
}

function cutWarning(request: InstructionFileRequest, kept: Kept, cut: AgentsMdCut): FileCutWarning {
  const { path, allowance } = request;
  return {
    code: "file-cut",
    message:
      request.limit === "budget"
        ? `${path} was cut to ${kept.keptBytes} of ${kept.total} bytes: the instruction budget ran out`
        : `${path} was cut to ${kept.keptBytes} of ${kept.total} bytes: the global file is capped at ${allowance} bytes`,
    path,
    environment: request.environment,
    limit: request.limit,
    bytes: kept.total,
    keptBytes: kept.keptBytes,
    droppedBytes: cut.droppedBytes,
    splitCharacter: cut.splitCharacter,
  };
}

function skipped(
  request: InstructionFileRequest,
  size: number,
  cut: AgentsMdCut | null,
): FileSkippedWarning {
  return {
    code: "file-skipped",
    message:
      cut !== null
        ? `${request.path} was skipped: the part that fits the remaining budget is blank`
        : request.trim
          ? `${request.path} was skipped: it is empty or white space, so the next candidate is tried`
          : `${request.path} was skipped: it is empty or white space, and no other candidate in its directory is read`,
    path: request.path,
    environment: request.environment,
    reason: cut !== null ? "blank-within-budget" : "white-space-only",
    bytes: size,
  };
}

/** The offset of the first ASCII white space at or after `from`, or `from` when there is none. */
function wordEnd(bytes: Uint8Array, from: number): number {
  for (let index = from; index < bytes.length; index += 1) {
    const byte = bytes[index] ?? 0;
    if (byte === 0x20 || (byte >= 0x09 && byte <= 0x0d)) return index;
  }
  return from;
}
