import {
  type AgentsMdEnvironmentOptions,
  type AgentsMdSharedOptions,
  resolveOptions,
} from "./agents-md-options.js";
import { agentsMdDefaults } from "./defaults.js";
import { discoverEnvironment } from "./discover-environment.js";
import { createImportSession } from "./import-session.js";
import { loadGlobalInstructions } from "./load-global-instructions.js";
import { buildLoadedAgentsMd, type LoadedAgentsMd } from "./loaded-agents-md.js";

/**
 * Discovers AGENTS.md instructions for several environments at once (a local checkout and a
 * remote one, say): the global file once, then each environment's project files under its own
 * budget, in the order given. When two or more environments contribute, `text()` labels each
 * environment's group and the header names no directory.
 *
 * @throws {AgentsMdError} `invalid-argument`, or a `cwd-…` code naming the environment whose
 * working directory cannot be used.
 * @example
 * ```ts
 * const loaded = await discoverAgentsMdForEnvironments(
 *   [
 *     { id: "local", cwd: "/work/app" },
 *     { id: "devbox", cwd: "/srv/app", fs: remoteFileSystem },
 *   ],
 *   { home: "/home/me/.codex", fs: createNodeFileSystem() },
 * );
 * ```
 */
export async function discoverAgentsMdForEnvironments(
  environments: readonly AgentsMdEnvironmentOptions[],
  options: AgentsMdSharedOptions = {},
): Promise<LoadedAgentsMd> {
  const resolved = resolveOptions(environments, options);
  return discoverResolved(resolved);
}

/** Runs a discovery whose options are already checked. */
export async function discoverResolved({
  environments,
  shared,
}: ReturnType<typeof resolveOptions>): Promise<LoadedAgentsMd> {
  const session = createImportSession(agentsMdDefaults.maxImports);
  const [globalResult, ...perEnvironment] = await Promise.all([
    shared.home === null
      ? { global: null, warnings: [] }
      : loadGlobalInstructions({
          fs: shared.home.fs,
          home: shared.home.path,
          maxGlobalBytes: shared.maxGlobalBytes,
          truncationNote: shared.truncationNote,
          importDepth: shared.importDepth,
          session,
        }),
    ...environments.map((environment) => discoverEnvironment(environment, shared, session)),
  ]);
  return buildLoadedAgentsMd({
    global: globalResult.global,
    entries: perEnvironment.flatMap((docs) => docs.entries),
    environments: perEnvironment.map((docs) => docs.environment),
    warnings: [...globalResult.warnings, ...perEnvironment.flatMap((docs) => docs.warnings)],
  });
}
