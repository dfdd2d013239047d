import type { AgentsMdWarning } from "./agents-md-warning.js";
import { agentsMdDefaults } from "./defaults.js";
import { createDirectoryLister } from "./directory-lister.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { findInstructionFile } from "./find-instruction-file.js";
import type { ImportSession } from "./import-session.js";
import { loadInstructionFile } from "./load-instruction-file.js";
import type { AgentsMdGlobalEntry } from "./loaded-agents-md-data.js";
import { closeOpened, openCheckedFile } from "./read-checked-file.js";

/** Where the global file lives and how it is read. */
export interface GlobalRequest {
  readonly fs: AgentsMdFileSystem;
  readonly home: string;
  readonly maxGlobalBytes: number;
  readonly truncationNote: boolean;
  /** The deepest import allowed, or `null` when imports are off. */
  readonly importDepth: number | null;
  /** What the imports of the discovery share. */
  readonly session: ImportSession;
}

/**
 * The global instructions: `AGENTS.override.md`, then `AGENTS.md` in the home folder; the first
 * that is a regular file, can be read and is not blank once trimmed. A failure or a blank file
 * leaves a warning and the next name is tried. No budget applies, only the cap against a
 * pathological file; imports stay inside the home folder. A `home` that is there but is no
 * directory (a file, say) leaves a `home-not-a-directory` warning.
 */
export async function loadGlobalInstructions(
  request: GlobalRequest,
): Promise<{ global: AgentsMdGlobalEntry | null; warnings: AgentsMdWarning[] }> {
  const { fs, home } = request;
  const warnings: AgentsMdWarning[] = [];
  const lister = createDirectoryLister(fs);
  for (const name of [agentsMdDefaults.overrideFilename, agentsMdDefaults.filename]) {
    const { found, warnings: lookup } = await findInstructionFile(fs, lister, home, [name], null);
    warnings.push(...lookup);
    if (found === null) continue;
    const opened = await openCheckedFile(fs, found.path, {
      identity: found.stat?.identity ?? null,
      noFollow: false,
    });
    const outcome = await loadInstructionFile({
      path: found.path,
      opened,
      environment: null,
      allowance: request.maxGlobalBytes,
      limit: "global-cap",
      trim: true,
      truncationNote: request.truncationNote,
      imports:
        request.importDepth === null
          ? null
          : {
              fs,
              sandbox: await realHome(fs, home),
              maxDepth: request.importDepth,
              environment: null,
              session: request.session,
            },
    }).finally(() => closeOpened(opened));
    warnings.push(...outcome.warnings);
    if (outcome.file !== null) return { global: { scope: "global", ...outcome.file }, warnings };
  }
  if ((await lister.folderState(home)) === "not-a-directory") {
    warnings.push({
      code: "home-not-a-directory",
      message: `home ${home} is not a directory, so no global AGENTS.md was looked for in it`,
      path: home,
      environment: null,
    });
  }
  return { global: null, warnings };
}

async function realHome(fs: AgentsMdFileSystem, home: string): Promise<string> {
  try {
    return await fs.realpath(home);
  } catch {
    return home;
  }
}
