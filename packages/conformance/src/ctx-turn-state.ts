import { realpath } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import type { PermissionsPolicy } from "@ctx/prompts";
import type { EnvironmentContextData, FileSystemEntry } from "@ctx/registry";
import type { ScenarioSettings } from "./scenario.js";

/** The values Codex reads from the machine, pinned on our side; the comparison puts them into Codex's text too. */
export const pinnedEnvironment = {
  shell: "bash",
  currentDate: "2026-01-15",
  timezone: "Etc/UTC",
} as const;

/** What @ctx knows of one turn under a scenario's settings, before it becomes fragments. */
export interface CtxTurnState {
  /** The working directory's physical path. */
  readonly cwd: string;
  readonly agentsMd: LoadedAgentsMd;
  readonly policy: PermissionsPolicy;
  /** The environment context's data, or `undefined` when the settings switch it off. */
  readonly environment: EnvironmentContextData | undefined;
}

/**
 * The state of a turn in `cwd` under a scenario's settings, with the choices Codex makes from
 * its configuration: read-only and `on-request` by default; under `workspace-write` the working
 * directory (physical path), the extra roots and `/tmp` are writable.
 */
export async function ctxTurnState(options: {
  readonly base: string;
  readonly cwd: string;
  readonly home: string;
  readonly settings: ScenarioSettings;
}): Promise<CtxTurnState> {
  const { settings } = options;
  const cwd = await realpath(options.cwd);
  const agentsMd = await discoverAgentsMd({
    cwd: options.cwd,
    home: options.home,
    ...(settings.maxBytes === undefined ? {} : { maxBytes: settings.maxBytes }),
    ...(settings.fallbackFilenames === undefined
      ? {}
      : { fallbackFilenames: settings.fallbackFilenames }),
    ...(settings.rootMarkers === undefined ? {} : { rootMarkers: settings.rootMarkers }),
  });
  const sandboxMode = settings.sandboxMode ?? "read-only";
  const extraRoots = (settings.writableRoots ?? []).map((root) =>
    isAbsolute(root) ? root : join(options.base, root),
  );
  const roots = sandboxMode === "workspace-write" ? [cwd, ...extraRoots] : [cwd];
  const policy: PermissionsPolicy = {
    sandboxMode,
    approvalPolicy: settings.approvalPolicy ?? "on-request",
    networkAccess:
      sandboxMode === "workspace-write"
        ? (settings.networkAccess ?? false)
        : sandboxMode === "danger-full-access",
    ...(sandboxMode === "workspace-write" ? { writableRoots: [...roots, "/tmp"] } : {}),
    ...(settings.granularApprovals === undefined
      ? {}
      : { granularApprovals: settings.granularApprovals }),
    ...(settings.approvalsReviewer === undefined
      ? {}
      : { approvalsReviewer: settings.approvalsReviewer }),
  };
  return {
    cwd,
    agentsMd,
    policy,
    environment:
      settings.includeEnvironmentContext === false
        ? undefined
        : environmentData(cwd, sandboxMode, roots, settings.includeDate),
  };
}

/** Folders inside each writable root that stay read-only, in the order Codex lists them. */
const protectedFolders = [".git", ".agents", ".codex", ".aws"];

function environmentData(
  cwd: string,
  sandboxMode: NonNullable<ScenarioSettings["sandboxMode"]>,
  roots: readonly string[],
  includeDate: boolean | undefined,
): EnvironmentContextData {
  const entries: FileSystemEntry[] =
    sandboxMode === "workspace-write"
      ? [
          { access: "read", target: { special: ":root" } },
          ...roots.map((root): FileSystemEntry => ({ access: "write", target: { path: root } })),
          { access: "write", target: { special: ":slash_tmp" } },
          { access: "write", target: { special: ":tmpdir" } },
          ...protectedFolders.flatMap((folder) =>
            roots.map(
              (root): FileSystemEntry => ({
                access: "read",
                target: { path: `${root}/${folder}` },
              }),
            ),
          ),
        ]
      : [{ access: "read", target: { special: ":root" } }];
  return {
    environments: [{ id: "local", cwd, shell: pinnedEnvironment.shell }],
    ...(includeDate === false
      ? {}
      : { currentDate: pinnedEnvironment.currentDate, timezone: pinnedEnvironment.timezone }),
    filesystem: {
      workspaceRoots: [...roots],
      permissionProfile:
        sandboxMode === "danger-full-access"
          ? { type: "disabled" }
          : { type: "managed", fileSystem: { type: "restricted", entries } },
    },
  };
}
