import type { AgentsMdWarning, FileDroppedWarning } from "./agents-md-warning.js";
import type { ImportSettings } from "./expand-imports.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import type { FoundFile } from "./find-instruction-file.js";
import { loadInstructionFile, readSlack } from "./load-instruction-file.js";
import type { AgentsMdEntry, BudgetPolicy } from "./loaded-agents-md-data.js";
import { readAhead } from "./read-ahead.js";
import { type CheckedOpen, closeOpened, openCheckedFile } from "./read-checked-file.js";

/** The files of one environment to load under one budget. */
export interface ProjectDocsRequest {
  readonly fs: AgentsMdFileSystem;
  readonly environment: string;
  /** The environment's working directory, recorded on every entry. */
  readonly cwd: string;
  /** The files found, root first. */
  readonly files: readonly FoundFile[];
  readonly maxBytes: number;
  readonly budget: BudgetPolicy;
  readonly truncationNote: boolean;
  readonly imports: ImportSettings | null;
}

/** The entries loaded (root first), the warnings (in file order) and the budget spent. */
export interface ProjectDocs {
  readonly entries: AgentsMdEntry[];
  readonly warnings: AgentsMdWarning[];
  readonly usedBytes: number;
}

/** The warning for a file the budget was spent before; it was opened, never read. */
function dropped(file: FoundFile, opened: CheckedOpen, environment: string): FileDroppedWarning {
  return {
    code: "file-dropped",
    message: `${file.path} was left out: the instruction budget was spent before it`,
    path: file.path,
    environment,
    droppedBytes: "opened" in opened ? opened.opened.stat.size : (file.stat?.size ?? 0),
  };
}

/** How many files are held open at once, ahead of their reads. */
const openAhead = 16;

/**
 * Loads project files under one shared byte budget. `root-first` serves the files root to cwd,
 * `nearest-first` cwd to root; either way the file that crosses the budget is cut to what
 * remains, files after the budget is spent are dropped unread, and a file whose kept part is
 * blank is skipped and costs nothing. Entries keep the root-to-cwd order. Files are opened and
 * checked 16 at a time; when a batch fits in what remains of the budget its files are read at
 * once, otherwise each read waits for the budget to say how far.
 */
export async function loadProjectDocs(request: ProjectDocsRequest): Promise<ProjectDocs> {
  const { files, environment } = request;
  const loaded: (AgentsMdEntry | null)[] = files.map(() => null);
  const warnings: AgentsMdWarning[][] = files.map(() => []);
  const order = files.map((_, index) => index);
  if (request.budget === "nearest-first") order.reverse();
  let remaining = request.maxBytes;
  for (let start = 0; start < order.length; start += openAhead) {
    const batch = order.slice(start, start + openAhead);
    const opens = new Map<number, Promise<CheckedOpen>>();
    for (const index of batch) {
      const file = files[index];
      if (file === undefined) continue;
      const check = { identity: file.stat?.identity ?? null, noFollow: false };
      opens.set(index, openCheckedFile(request.fs, file.path, check));
    }
    try {
      const ready = readAhead(
        await Promise.all([...opens.values()]),
        remaining,
        readSlack(request.imports !== null),
      );
      const readyFiles = new Map(
        [...opens.keys()].map((index, position) => [index, ready[position]]),
      );
      for (const index of batch) {
        const file = files[index];
        const sink = warnings[index];
        const opened = readyFiles.get(index);
        if (file === undefined || sink === undefined || opened === undefined) continue;
        if (remaining === 0) {
          sink.push(dropped(file, opened, environment));
          continue;
        }
        const outcome = await loadInstructionFile({
          path: file.path,
          opened,
          environment,
          allowance: remaining,
          limit: "budget",
          trim: false,
          truncationNote: request.truncationNote,
          imports: request.imports,
        });
        sink.push(...outcome.warnings);
        if (outcome.file === null) continue;
        loaded[index] = { scope: "project", environment, cwd: request.cwd, ...outcome.file };
        remaining -= outcome.cost;
      }
    } finally {
      await Promise.all([...opens.values()].map(async (opening) => closeOpened(await opening)));
    }
  }
  return {
    entries: loaded.filter((entry): entry is AgentsMdEntry => entry !== null),
    warnings: warnings.flat(),
    usedBytes: request.maxBytes - remaining,
  };
}
