import { isBlank, trimWhiteSpace } from "@ctx/text";
import type { AgentsMdWarning } from "./agents-md-warning.js";
import { checkEncoding } from "./check-encoding.js";
import { expandImports, type ImportSettings } from "./expand-imports.js";
import type { AgentsMdFileSystem, FileStat } from "./file-system.js";
import { classifyFailure, describeFailure, errorCodeOf } from "./file-system-failure.js";
import { findImportReferences } from "./find-import-references.js";
import type { AgentsMdCut, AgentsMdFileProvenance } from "./loaded-agents-md.js";
import { truncationNote } from "./truncation-note.js";
import { decodeUtf8Lossy, encodeUtf8, incompleteTailLength, splitsCharacter } from "./utf8.js";

/**
 * With imports on, a file is read this far past its allowance, so that a reference crossing the
 * budget line is read whole and inlined (the budget then cuts the expanded text).
 */
const importSlack = 4096;

/** One file to load, with what it may cost. */
export interface InstructionFileRequest {
  readonly fs: AgentsMdFileSystem;
  readonly path: string;
  /** The stat made when the file was found. */
  readonly stat: FileStat;
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

/**
 * Reads one instruction file without reading past its allowance (plus 3 bytes, to tell whether
 * the cut splits a character; plus 4 KiB with imports on), cuts it at the byte, decodes it lossily, skips it when what is
 * kept is blank, inlines imports and adds the truncation note when asked. Never throws: a read
 * failure is a `read-failed` warning.
 */
export async function loadInstructionFile(
  request: InstructionFileRequest,
): Promise<InstructionFileOutcome> {
  const { fs, path, stat, environment, allowance } = request;
  const warnings: AgentsMdWarning[] = [];
  const readLimit = allowance + 3 + (request.imports === null ? 0 : importSlack);
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path, { maxBytes: readLimit });
  } catch (error) {
    const reason = classifyFailure(error);
    warnings.push({
      code: "read-failed",
      message: `${path} was found but could not be read: ${describeFailure(reason, error)}`,
      path,
      environment,
      operation: "read",
      reason,
      errorCode: errorCodeOf(error),
    });
    return { file: null, cost: 0, warnings };
  }

  const whole = bytes.length < readLimit;
  const size = whole ? bytes.length : Math.max(stat.size, bytes.length);
  const rawCut = bytes.length > allowance;
  const kept = rawCut ? bytes.subarray(0, allowance) : bytes;
  const rawSplit = rawCut && splitsCharacter(bytes, allowance);
  const checked = rawSplit ? kept.subarray(0, kept.length - incompleteTailLength(kept)) : kept;
  warnings.push(...checkEncoding(checked, path, environment));

  let text = decodeUtf8Lossy(kept);
  if (request.trim) text = trimWhiteSpace(text);
  if (isBlank(text)) {
    warnings.push(skipped(request, size, rawCut));
    return { file: null, cost: 0, warnings };
  }

  let keptBytes = kept.length;
  let total = size;
  let cut: AgentsMdCut | null = rawCut
    ? { at: allowance, droppedBytes: size - allowance, splitCharacter: rawSplit }
    : null;
  let imports: AgentsMdFileProvenance["imports"] = [];
  if (request.imports !== null) {
    const source = whole ? bytes : bytes.subarray(0, wordEnd(bytes, allowance));
    const sourceText = decodeUtf8Lossy(source);
    if (findImportReferences(sourceText).length > 0) {
      const expanded = await expandImports(sourceText, path, allowance, request.imports);
      warnings.push(...expanded.warnings);
      imports = expanded.imports;
      const expandedBytes = encodeUtf8(expanded.text);
      const unread = size - source.length + expanded.unreadBytes;
      total = expandedBytes.length + unread;
      if (expandedBytes.length > allowance) {
        keptBytes = allowance;
        text = decodeUtf8Lossy(expandedBytes.subarray(0, allowance));
        cut = {
          at: allowance,
          droppedBytes: total - allowance,
          splitCharacter: splitsCharacter(expandedBytes, allowance),
        };
      } else {
        keptBytes = expandedBytes.length;
        text = expanded.text;
        cut = unread > 0 ? { at: keptBytes, droppedBytes: unread, splitCharacter: false } : null;
      }
      if (request.trim) text = trimWhiteSpace(text);
      if (isBlank(text)) {
        warnings.push(skipped(request, size, cut !== null));
        return { file: null, cost: 0, warnings };
      }
    }
  }

  if (cut !== null) {
    warnings.push({
      code: "file-cut",
      message:
        request.limit === "budget"
          ? `${path} was cut to ${keptBytes} of ${total} bytes: the instruction budget ran out`
          : `${path} was cut to ${keptBytes} of ${total} bytes: the global file is capped at ${allowance} bytes`,
      path,
      environment,
      limit: request.limit,
      bytes: total,
      keptBytes,
      droppedBytes: cut.droppedBytes,
      splitCharacter: cut.splitCharacter,
    });
    if (request.truncationNote) text += truncationNote(path, keptBytes, total);
  }

  return {
    file: {
      path,
      identity: stat.identity,
      text,
      bytes: total,
      bytesRead: bytes.length,
      keptBytes,
      cut,
      imports,
    },
    cost: keptBytes,
    warnings,
  };
}

function skipped(request: InstructionFileRequest, size: number, cut: boolean): AgentsMdWarning {
  return {
    code: "file-skipped",
    message: cut
      ? `${request.path} was skipped: the part that fits the remaining budget is blank`
      : request.trim
        ? `${request.path} was skipped: it is empty or white space, so the next candidate is tried`
        : `${request.path} was skipped: it is empty or white space, and no other candidate in its directory is read`,
    path: request.path,
    environment: request.environment,
    reason: cut ? "blank-within-budget" : "white-space-only",
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
