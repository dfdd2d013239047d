import type { ResolvedEnvironment, ResolvedShared } from "./agents-md-options.js";
import type { AgentsMdWarning } from "./agents-md-warning.js";
import { createDirectoryLister } from "./directory-lister.js";
import { findInstructionFile } from "./find-instruction-file.js";
import { findProjectRoot } from "./find-project-root.js";
import type { ImportSession } from "./import-session.js";
import { loadProjectDocs } from "./load-project-docs.js";
import type { AgentsMdEntry, AgentsMdEnvironment } from "./loaded-agents-md-data.js";
import { resolveWorkingDirectory } from "./resolve-working-directory.js";
import { searchDirectories } from "./search-directories.js";

/** What one environment contributed. */
export interface EnvironmentDocs {
  readonly environment: AgentsMdEnvironment;
  readonly entries: AgentsMdEntry[];
  readonly warnings: AgentsMdWarning[];
}

/**
 * Discovers one environment's project files: resolves the working directory, finds the project
 * root, picks at most one file per directory from root to cwd, and loads them under the budget.
 * Each directory is listed once, for its root markers and its candidate names alike.
 * With a budget of 0 nothing is searched. Imports share the discovery's `session`.
 * @throws {AgentsMdError} when the working directory cannot be used.
 */
export async function discoverEnvironment(
  settings: ResolvedEnvironment,
  shared: ResolvedShared,
  session: ImportSession,
): Promise<EnvironmentDocs> {
  const { fs, id, maxBytes } = settings;
  const lister = createDirectoryLister(fs);
  const cwd = await resolveWorkingDirectory(fs, lister, settings.cwd, id);
  const record = (root: string | null, directories: string[], usedBytes: number) => ({
    id,
    cwd,
    requestedCwd: settings.cwd,
    root,
    directories,
    candidateFilenames: settings.candidateFilenames,
    maxBytes,
    usedBytes,
    budget: settings.budget,
  });
  if (maxBytes === 0) return { environment: record(null, [], 0), entries: [], warnings: [] };
  const { root, warnings: markerWarnings } = await findProjectRoot(
    fs,
    lister,
    cwd,
    settings.rootMarkers,
    id,
  );
  const directories = searchDirectories(fs.path, root, cwd);
  const lookups = await Promise.all(
    directories.map((directory) =>
      findInstructionFile(fs, lister, directory, settings.candidateFilenames, id),
    ),
  );
  const docs = await loadProjectDocs({
    fs,
    environment: id,
    cwd,
    files: lookups.flatMap((lookup) => (lookup.found === null ? [] : [lookup.found])),
    maxBytes,
    budget: settings.budget,
    truncationNote: shared.truncationNote,
    imports:
      shared.importDepth === null
        ? null
        : { fs, sandbox: root ?? cwd, maxDepth: shared.importDepth, environment: id, session },
  });
  return {
    environment: record(root, directories, docs.usedBytes),
    entries: docs.entries,
    warnings: [
      ...markerWarnings,
      ...lookups.flatMap((lookup) => lookup.warnings),
      ...docs.warnings,
    ],
  };
}
