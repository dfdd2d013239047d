import type { AgentsMdWarning, ImportFailure } from "./agents-md-warning.js";
import { checkEncoding } from "./check-encoding.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { classifyFailure } from "./file-system-failure.js";
import { findImportReferences } from "./find-import-references.js";
import { describeImportFailure, importFailureNote } from "./import-failure-note.js";
import { isInside } from "./is-inside.js";
import type { AgentsMdImport } from "./loaded-agents-md.js";
import { decodeUtf8Lossy, encodeUtf8, incompleteTailLength } from "./utf8.js";

/** Where imports may come from and how deep they may go. */
export interface ImportSettings {
  readonly fs: AgentsMdFileSystem;
  /** Imported files must resolve (symlinks included) inside this physical directory. */
  readonly sandbox: string;
  /** The deepest import allowed (the importing file is depth 0). */
  readonly maxDepth: number;
  /** The environment, for warnings (`null` for the global file). */
  readonly environment: string | null;
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
 * after symlinks, inside the sandbox; imports nest at most `maxDepth` deep, and a file never
 * imports itself through a chain. A failed import is replaced by a short note and reported as an
 * `import-failed` warning; nothing throws. Only about `allowance` bytes of expanded text are
 * ever produced: references past that point are left as they are, since the budget cuts there.
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
    realPath = await settings.fs.realpath(path);
  } catch {
    realPath = path;
  }
  const expanded = await expand(text, path, 0, [realPath], allowance, settings, warnings);
  return { ...expanded, warnings, unreadBytes: unread(expanded.imports) };
}

async function expand(
  text: string,
  path: string,
  depth: number,
  chain: readonly string[],
  allowance: number,
  settings: ImportSettings,
  warnings: AgentsMdWarning[],
): Promise<{ text: string; imports: AgentsMdImport[] }> {
  const references = findImportReferences(text);
  if (references.length === 0) return { text, imports: [] };
  const parts: string[] = [];
  const imports: AgentsMdImport[] = [];
  let produced = 0;
  let last = 0;
  for (const { start, end, reference } of references) {
    const before = text.slice(last, start);
    parts.push(before);
    produced += encodeUtf8(before).length;
    last = start;
    if (produced >= allowance) break;
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
      warnings.push({
        code: "import-failed",
        message: `${path}: @${reference} was not inlined: ${describeImportFailure(outcome.reason, settings.maxDepth)}`,
        path,
        environment: settings.environment,
        reference,
        target: outcome.target,
        reason: outcome.reason,
      });
      parts.push(importFailureNote(reference, outcome.reason, settings.maxDepth));
    } else {
      imports.push(outcome.record);
      parts.push(outcome.text);
      produced += encodeUtf8(outcome.text).length;
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
  const { fs } = settings;
  if (reference.startsWith("~") || (urlScheme.test(reference) && !fs.path.isAbsolute(reference))) {
    return { reason: "not-a-path", target: null };
  }
  const target = fs.path.resolve(fs.path.dirname(from), reference);
  if (depth > settings.maxDepth) return { reason: "too-deep", target };
  try {
    const stat = await fs.stat(target);
    if (stat.kind !== "file") return { reason: "not-a-file", target };
    const realPath = await fs.realpath(target);
    if (!isInside(fs.path, realPath, settings.sandbox)) return { reason: "outside-root", target };
    if (chain.includes(realPath)) return { reason: "cycle", target };
    const bytes = await fs.readFile(target, { maxBytes: allowance + 3 });
    const whole = bytes.length < allowance + 3;
    const checked = whole ? bytes : bytes.subarray(0, bytes.length - incompleteTailLength(bytes));
    warnings.push(...checkEncoding(checked, target, settings.environment));
    const nested = await expand(
      decodeUtf8Lossy(bytes),
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

function unread(imports: readonly AgentsMdImport[]): number {
  return imports.reduce(
    (sum, record) => sum + record.bytes - record.bytesRead + unread(record.imports),
    0,
  );
}
