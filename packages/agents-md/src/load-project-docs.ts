import type { AgentsMdWarning } from "./agents-md-warning.js";
import type { ImportSettings } from "./expand-imports.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import type { FoundFile } from "./find-instruction-file.js";
import { loadInstructionFile } from "./load-instruction-file.js";
import type { AgentsMdEntry, BudgetPolicy } from "./loaded-agents-md.js";

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

/** The size of a file found, for the warning that drops it; 0 when it cannot be checked. */
async function sizeOf(fs: AgentsMdFileSystem, file: FoundFile): Promise<number> {
  if (file.stat !== null) return file.stat.size;
  try {
    return (await fs.stat(file.path)).size;
  } catch {
    return 0;
  }
}

/**
 * Loads project files under one shared byte budget. `root-first` serves the files root to cwd,
 * `nearest-first` cwd to root; either way the file that crosses the budget is cut to what
 * remains, files after the budget is spent are dropped unread, and a file whose kept part is
 * blank is skipped and costs nothing. Entries keep the root-to-cwd order.
 */
export async function loadProjectDocs(request: ProjectDocsRequest): Promise<ProjectDocs> {
  const { files, environment } = request;
  const loaded: (AgentsMdEntry | null)[] = files.map(() => null);
  const warnings: AgentsMdWarning[][] = files.map(() => []);
  const order = files.map((_, index) => index);
  if (request.budget === "nearest-first") order.reverse();
  let remaining = request.maxBytes;
  for (const index of order) {
    const file = files[index];
    const sink = warnings[index];
    if (file === undefined || sink === undefined) continue;
    if (remaining === 0) {
      sink.push({
        code: "file-dropped",
        message: `${file.path} was left out: the instruction budget was spent before it`,
        path: file.path,
        environment,
        droppedBytes: await sizeOf(request.fs, file),
      });
      continue;
    }
    const outcome = await loadInstructionFile({
      fs: request.fs,
      path: file.path,
      stat: file.stat,
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
  return {
    entries: loaded.filter((entry): entry is AgentsMdEntry => entry !== null),
    warnings: warnings.flat(),
    usedBytes: request.maxBytes - remaining,
  };
}
