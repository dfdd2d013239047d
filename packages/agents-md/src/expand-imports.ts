import { utf8ByteLength } from "@ctx/text";
import type { AgentsMdWarning, ImportFailedWarning, ImportFailure } from "./agents-md-warning.js";
import { checkEncoding } from "./check-encoding.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { classifyFailure } from "./file-system-failure.js";
import { findImportReferences } from "./find-import-references.js";
import { describeImportFailure, importFailureNote } from "./import-failure-note.js";
import type { ImportSession } from "./import-session.js";
import { isInside } from "./is-inside.js";
import type { AgentsMdImport } from "./loaded-agents-md-data.js";
import { decodeUtf8Lossy, incompleteTailLength } from "./utf8.js";

/** Where imports may come from and how deep they may go. */
export interface ImportSettings {
  readonly fs: AgentsMdFileSystem;
  /** Imported files must resolve (symlinks included) inside this physical directory. */
  readonly sandbox: string;
  /** The deepest import allowed (the importing file is depth 0). */
  readonly maxDepth: number;
  /** The environment, for warnings (`null` for the global file). */
  readonly environment: string | null;
  /** What the imports of the whole discovery share: reads, resolutions and the cap. */
  readonly session: ImportSession;
}

/** Text with its imports inlined, what was inlined, and what went wrong. */
export interface ExpandedText {
  readonly text: string;
  readonly imports: AgentsMdImport[];
  readonly warnings: AgentsMdWarning[];
  /** Bytes of imported files left unread because the allowance was reached. */
  readonly unreadBytes: number;
}

const urlScheme = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Replaces every `@path` reference in `text` (read from `path`) with the referenced file's text,
 * recursively. A reference resolves relative to the file that makes it; the file must resolve,
 * after symlinks, inside the sandbox, and the file read is proven to be the file checked; imports
 * nest at most `maxDepth` deep, and a file never imports itself through a chain. A failed import
 * is replaced by a short note and reported as an `import-failed` warning (identical ones as one,
 * with a count); past the session's cap, references stay as written and one `import-limit`
 * warning says so. Nothing throws. Every byte added, note or file, counts against `allowance`,
 * and references past it are left as they are, since the budget cuts there.
 */
export async function expandImports(
  text: string,
  path: string,
  allowance: number,
  settings: ImportSettings,
): Promise<ExpandedText> {
  const warnings: AgentsMdWarning[] = [];
  if (findImportReferences(text).length === 0)
    return { text, imports: [], warnings, unreadBytes: 0 };
  let realPath: string;
  try {
    realPath = await settings.session.realpath(settings.fs, path);
  } catch {
    realPath = path;
  }
  const expanded = await expand(text, realPath, path, 0, [realPath], allowance, settings, warnings);
  return { ...expanded, warnings: aggregate(warnings), unreadBytes: unread(expanded.imports) };
}

async function expand(
  text: string,
  realPath: string,
  path: string,
  depth: number,
  chain: readonly string[],
  allowance: number,
  settings: ImportSettings,
  warnings: AgentsMdWarning[],
): Promise<{ text: string; imports: AgentsMdImport[] }> {
  const references = settings.session.references(realPath, text);
  if (references.length === 0) return { text, imports: [] };
  const parts: string[] = [];
  const imports: AgentsMdImport[] = [];
  let produced = 0;
  let last = 0;
  for (const { start, end, reference } of references) {
    const before = text.slice(last, start);
    parts.push(before);
    produced += utf8ByteLength(before);
    last = start;
    if (produced >= allowance) break;
    const turn = settings.session.take();
    if (turn !== "allowed") {
      if (turn === "capped") warnings.push(limitWarning(path, settings));
      break;
    }
    last = end;
    const outcome = await importOne(
      reference,
      path,
      depth + 1,
      chain,
      allowance - produced,
      settings,
      warnings,
    );
    if ("reason" in outcome) {
      warnings.push(failureWarning(path, reference, outcome, settings));
      const note = importFailureNote(reference, outcome.reason, settings.maxDepth);
      parts.push(note);
      produced += utf8ByteLength(note);
    } else {
      imports.push(outcome.record);
      parts.push(outcome.text);
      produced += utf8ByteLength(outcome.text);
    }
  }
  parts.push(text.slice(last));
  return { text: parts.join(""), imports };
}

type ImportOutcome =
  | { readonly text: string; readonly record: AgentsMdImport }
  | { readonly reason: ImportFailure; readonly target: string | null };

async function importOne(
  reference: string,
  from: string,
  depth: number,
  chain: readonly string[],
  allowance: number,
  settings: ImportSettings,
  warnings: AgentsMdWarning[],
): Promise<ImportOutcome> {
  const { fs, session } = settings;
  if (reference.startsWith("~") || (urlScheme.test(reference) && !fs.path.isAbsolute(reference))) {
    return { reason: "not-a-path", target: null };
  }
  const target = fs.path.resolve(fs.path.dirname(from), reference);
  if (depth > settings.maxDepth) return { reason: "too-deep", target };
  try {
    const realPath = await session.realpath(fs, target);
    if (!isInside(fs.path, realPath, settings.sandbox)) return { reason: "outside-root", target };
    if (chain.includes(realPath)) return { reason: "cycle", target };
    const { stat, bytes, first } = await session.read(fs, realPath, allowance + 3);
    const whole = bytes.length < allowance + 3;
    const checked = whole ? bytes : bytes.subarray(0, bytes.length - incompleteTailLength(bytes));
    const encoding = checkEncoding(checked, target, settings.environment);
    if (encoding.some((warning) => warning.code === "binary-file")) {
      return { reason: "binary-file", target };
    }
    if (first) warnings.push(...encoding);
    const nested = await expand(
      decodeUtf8Lossy(bytes),
      realPath,
      target,
      depth,
      [...chain, realPath],
      allowance,
      settings,
      warnings,
    );
    return {
      text: nested.text,
      record: {
        reference,
        path: target,
        realPath,
        identity: stat.identity,
        bytes: Math.max(stat.size, bytes.length),
        bytesRead: bytes.length,
        imports: nested.imports,
      },
    };
  } catch (error) {
    return { reason: classifyFailure(error), target };
  }
}

function failureWarning(
  path: string,
  reference: string,
  outcome: { readonly reason: ImportFailure; readonly target: string | null },
  settings: ImportSettings,
): ImportFailedWarning {
  return {
    code: "import-failed",
    message: `${path}: @${reference} was not inlined: ${describeImportFailure(outcome.reason, settings.maxDepth)}`,
    path,
    environment: settings.environment,
    reference,
    target: outcome.target,
    reason: outcome.reason,
    count: 1,
  };
}

function limitWarning(path: string, settings: ImportSettings): AgentsMdWarning {
  const { maxImports } = settings.session;
  return {
    code: "import-limit",
    message: `${path}: imports past the first ${maxImports} of this discovery were left as written`,
    path,
    environment: settings.environment,
    limit: maxImports,
  };
}

/** The warnings with each repeated import failure (same file, reference and reason) once, counted. */
function aggregate(warnings: readonly AgentsMdWarning[]): AgentsMdWarning[] {
  const result: AgentsMdWarning[] = [];
  const failures = new Map<string, number>();
  for (const warning of warnings) {
    if (warning.code !== "import-failed") {
      result.push(warning);
      continue;
    }
    const key = JSON.stringify([warning.path, warning.reference, warning.reason, warning.target]);
    const index = failures.get(key);
    const earlier = index === undefined ? undefined : result[index];
    if (earlier?.code === "import-failed" && index !== undefined) {
      result[index] = { ...earlier, count: earlier.count + 1 };
      continue;
    }
    failures.set(key, result.length);
    result.push(warning);
  }
  return result;
}

function unread(imports: readonly AgentsMdImport[]): number {
  return imports.reduce(
    (sum, record) => sum + record.bytes - record.bytesRead + unread(record.imports),
    0,
  );
}
