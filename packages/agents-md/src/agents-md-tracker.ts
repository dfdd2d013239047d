import { lazySchema, toSchemaIssues } from "@ctx/protocol/internal";
import { z } from "zod";
import { AgentsMdError } from "./agents-md-error.js";
import { budgetSchema, importDepthOf, importsSchema, maxBytesSchema } from "./agents-md-options.js";
import type { AgentsMdWarning } from "./agents-md-warning.js";
import { checkSchema } from "./check-argument.js";
import { checkText } from "./check-text.js";
import { agentsMdDefaults } from "./defaults.js";
import { createDirectoryLister } from "./directory-lister.js";
import type { AgentsMdFileSystem, FileStat } from "./file-system.js";
import { classifyFailure, describeFailure, errorCodeOf } from "./file-system-failure.js";
import { fileSystemSchema } from "./file-system-schemas.js";
import { type FoundFile, findInstructionFile } from "./find-instruction-file.js";
import { createImportSession } from "./import-session.js";
import { isInside } from "./is-inside.js";
import { loadProjectDocs } from "./load-project-docs.js";
import { buildLoadedAgentsMd, type LoadedAgentsMd } from "./loaded-agents-md.js";
import type { AgentsMdImport } from "./loaded-agents-md-data.js";
import { loadedAgentsMdDataSchema } from "./loaded-agents-md-schema.js";
import { searchDirectories } from "./search-directories.js";

/** Hands out the AGENTS.md files of the directories an agent touches, each file once. */
export interface AgentsMdTracker {
  /**
   * The AGENTS.md files between the project root and `file`'s folder that were not handed out
   * yet (nor loaded by the discovery), root first, as a {@link LoadedAgentsMd} whose directory
   * is that folder. A path outside the project root gives an empty result.
   */
  forPath(file: string): Promise<LoadedAgentsMd>;
  /** The same for a directory itself rather than a file in it. */
  forDirectory(directory: string): Promise<LoadedAgentsMd>;
  /** The identities (see `FileStat.identity`) of every file loaded so far, discovery's included. */
  loadedIdentities(): string[];
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    /** The file system of the environment: the one discovery used. */
    fs: fileSystemSchema,
    /** Which environment of the discovery to follow; needed only when it had several. */
    environment: z.string().min(1).optional(),
    /** The byte budget of each batch; the environment's budget by default. */
    maxBytes: maxBytesSchema.optional(),
    /** Which files of a batch are served first; the environment's policy by default. */
    budget: budgetSchema.optional(),
    /** Add a short note where a file was cut; off by default. */
    truncationNote: z.boolean().optional(),
    /** Inline `@path` imports; off by default. */
    imports: importsSchema.optional(),
  }),
);

/** Options of {@link createAgentsMdTracker}. */
export type AgentsMdTrackerOptions = z.input<typeof optionsSchema>;

/**
 * A just-in-time tracker for one environment of a discovery: when the agent reads or writes a
 * file, `forPath` returns the AGENTS.md files on the way from the project root to that file's
 * folder that the model has not seen yet. Files are told apart by identity (device and inode),
 * so a symlink or another letter case never loads a file twice; concurrent calls never hand out
 * the same file twice. A file whose read failed, or that the batch budget left out, is handed
 * out by a later call.
 *
 * @throws {AgentsMdError} `invalid-argument` when `loaded` is not a discovery's result;
 * `invalid-argument` for bad options or an environment that is not in the discovery. Its
 * methods throw `invalid-argument` for a path that is not a non-empty string.
 * @example
 * ```ts
 * const fs = createNodeFileSystem(); // from @ctx/agents-md/node
 * const loaded = await discoverAgentsMd({ cwd: "/repo", fs });
 * const tracker = createAgentsMdTracker(loaded, { fs });
 * const batch = await tracker.forPath("/repo/go/server/main.go");
 * batch.sources(); // ["/repo/go/AGENTS.md"], once
 * ```
 */
export function createAgentsMdTracker(
  loaded: LoadedAgentsMd,
  options: AgentsMdTrackerOptions,
): AgentsMdTracker {
  checkSchema("loaded", dataOf(loaded), loadedAgentsMdDataSchema);
  const parsed = optionsSchema.safeParse(options ?? {});
  if (!parsed.success) throw AgentsMdError.fromIssues(toSchemaIssues(parsed.error, options));
  const settings = parsed.data;
  const chosen =
    settings.environment === undefined
      ? loaded.environments.length === 1
        ? loaded.environments[0]
        : undefined
      : loaded.environments.find((candidate) => candidate.id === settings.environment);
  if (chosen === undefined) {
    throw AgentsMdError.fromIssues([
      {
        path: "environment",
        message:
          settings.environment === undefined
            ? `the discovery has ${loaded.environments.length} environments; name one`
            : `the discovery has no environment "${settings.environment}"`,
      },
    ]);
  }
  const environment = chosen;
  const { fs } = settings;
  const boundary = environment.root ?? environment.cwd;
  const maxBytes = settings.maxBytes ?? environment.maxBytes;
  const importDepth = importDepthOf(settings.imports);

  const handedOut = new Set<string>();
  const remember = (records: readonly AgentsMdImport[]): void => {
    for (const record of records) {
      handedOut.add(record.identity);
      remember(record.imports);
    }
  };
  for (const entry of [...(loaded.global === null ? [] : [loaded.global]), ...loaded.entries]) {
    handedOut.add(entry.identity);
    remember(entry.imports);
  }

  async function forDirectory(directory: string): Promise<LoadedAgentsMd> {
    const warnings: AgentsMdWarning[] = [];
    const requested = fs.path.resolve(environment.cwd, checkText("directory", directory));
    const physical = await nearestRealDirectory(fs, requested, environment.id, warnings);
    const record = {
      id: environment.id,
      requestedCwd: requested,
      root: environment.root,
      candidateFilenames: environment.candidateFilenames,
      maxBytes,
      budget: settings.budget ?? environment.budget,
    };
    if (physical === null || !isInside(fs.path, physical, boundary) || maxBytes === 0) {
      return buildLoadedAgentsMd({
        global: null,
        entries: [],
        environments: [{ ...record, cwd: physical ?? requested, directories: [], usedBytes: 0 }],
        warnings,
      });
    }
    const directories = searchDirectories(fs.path, boundary, physical);
    const lister = createDirectoryLister(fs);
    const lookups = await Promise.all(
      directories.map(async (path) => {
        const lookup = await findInstructionFile(
          fs,
          lister,
          path,
          environment.candidateFilenames,
          environment.id,
        );
        return {
          ...lookup,
          found: lookup.found === null ? null : await identified(fs, lookup.found),
        };
      }),
    );
    const claimed: IdentifiedFile[] = [];
    for (const { found, warnings: lookupWarnings } of lookups) {
      warnings.push(...lookupWarnings);
      if (found === null || handedOut.has(found.stat.identity)) continue;
      handedOut.add(found.stat.identity);
      claimed.push(found);
    }
    const docs = await loadProjectDocs({
      fs,
      environment: environment.id,
      cwd: physical,
      files: claimed,
      maxBytes,
      budget: record.budget,
      truncationNote: settings.truncationNote ?? false,
      imports:
        importDepth === null
          ? null
          : {
              fs,
              sandbox: boundary,
              maxDepth: importDepth,
              environment: environment.id,
              session: createImportSession(agentsMdDefaults.maxImports),
            },
    });
    for (const warning of docs.warnings) {
      if (warning.code === "file-dropped" || warning.code === "read-failed") {
        const file = claimed.find((candidate) => candidate.path === warning.path);
        if (file !== undefined) handedOut.delete(file.stat.identity);
      }
    }
    for (const entry of docs.entries) remember(entry.imports);
    return buildLoadedAgentsMd({
      global: null,
      entries: docs.entries,
      environments: [{ ...record, cwd: physical, directories, usedBytes: docs.usedBytes }],
      warnings: [...warnings, ...docs.warnings],
    });
  }

  return {
    forDirectory,
    forPath: async (file) =>
      forDirectory(fs.path.dirname(fs.path.resolve(environment.cwd, checkText("file", file)))),
    loadedIdentities: () => [...handedOut],
  };
}

/** A file found, with the stat that tells its identity. */
interface IdentifiedFile extends FoundFile {
  readonly stat: FileStat;
}

/**
 * `found` with its stat, made now when its directory's listing found it: the tracker claims a
 * file by identity before it reads it. `null` when the file is gone already.
 */
async function identified(
  fs: AgentsMdFileSystem,
  found: FoundFile,
): Promise<IdentifiedFile | null> {
  if (found.stat !== null) return { path: found.path, stat: found.stat };
  try {
    return { path: found.path, stat: await fs.stat(found.path) };
  } catch {
    return null;
  }
}

/** The plain data of a loaded result (what its `toJSON` gives), or the value itself. */
function dataOf(loaded: unknown): unknown {
  if (typeof loaded !== "object" || loaded === null || !("toJSON" in loaded)) return loaded;
  return typeof loaded.toJSON === "function" ? loaded.toJSON() : loaded;
}

/** The physical path of `path`, or of its nearest existing ancestor when it does not exist yet. */
async function nearestRealDirectory(
  fs: AgentsMdFileSystem,
  path: string,
  environment: string,
  warnings: AgentsMdWarning[],
): Promise<string | null> {
  for (let current = path; ; ) {
    try {
      return await fs.realpath(current);
    } catch (error) {
      const reason = classifyFailure(error);
      const parent = fs.path.dirname(current);
      if (reason === "not-found" && parent !== current) {
        current = parent;
        continue;
      }
      warnings.push({
        code: "read-failed",
        message: `${current} could not be resolved (${describeFailure(reason, error)}), so no AGENTS.md is loaded for it`,
        path: current,
        environment,
        operation: "stat",
        reason,
        errorCode: errorCodeOf(error),
      });
      return null;
    }
  }
}
