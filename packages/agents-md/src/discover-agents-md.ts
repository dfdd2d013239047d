import { AgentsMdError } from "./agents-md-error.js";
import { type DiscoverAgentsMdOptions, resolveOptions } from "./agents-md-options.js";
import { agentsMdDefaults } from "./defaults.js";
import { discoverResolved } from "./discover-agents-md-for-environments.js";
import type { LoadedAgentsMd } from "./loaded-agents-md.js";

/**
 * Discovers the AGENTS.md instructions for one working directory as Codex does: the global
 * file from `home` (trimmed, no budget), then from the project root (the nearest directory
 * holding a root marker) down to `cwd` at most one file per directory (`AGENTS.override.md`,
 * `AGENTS.md`, then the fallback names), read under one byte budget. Every cut, skip and read
 * failure is a warning on the result; nothing is logged.
 *
 * @throws {AgentsMdError} `invalid-argument`; `cwd-not-found`, `cwd-not-a-directory` or
 * `cwd-inaccessible` when the working directory cannot be used.
 * @example
 * ```ts
 * const loaded = await discoverAgentsMd({
 *   cwd: process.cwd(),
 *   home: `${os.homedir()}/.codex`,
 *   fs: createNodeFileSystem(), // from @ctx/agents-md/node
 * });
 * loaded.text(); // what the model sees
 * loaded.warnings; // what was cut, skipped or unreadable
 * ```
 */
export async function discoverAgentsMd(options: DiscoverAgentsMdOptions): Promise<LoadedAgentsMd> {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw AgentsMdError.fromIssues([{ path: "options", message: "expected an options object" }]);
  }
  const { cwd, environment, ...shared } = options;
  const resolved = resolveOptions(
    [{ id: environment ?? agentsMdDefaults.environment, cwd }],
    shared,
    "single",
  );
  return discoverResolved(resolved);
}
