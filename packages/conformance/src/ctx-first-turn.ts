import { realpath } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import type { Fragment } from "@ctx/fragments";
import { assembleEnvelopes } from "@ctx/integration/src/assemble-envelopes.js";
import {
  defaultModelCatalog,
  type PermissionsPolicy,
  renderPermissionsInstructions,
  resolveBaseInstructions,
} from "@ctx/prompts";
import type { MessageItem } from "@ctx/protocol";
import {
  agentsMdInstructions,
  createStandardRegistry,
  developerInstructions,
  type EnvironmentContextData,
  environmentContext,
  type FileSystemEntry,
  permissionsInstructions,
} from "@ctx/registry";
import { defaultCodexModel } from "./codex-overrides.js";
import type { ScenarioSettings } from "./scenario.js";

/** The values Codex reads from the machine, pinned on our side; the comparison puts them into Codex's text too. */
export const pinnedEnvironment = {
  shell: "bash",
  currentDate: "2026-01-15",
  timezone: "Etc/UTC",
} as const;

/** Which model of our catalog stands in for each Codex model: their prose differs by design. */
const ctxModels: Readonly<Record<string, string>> = {
  "gpt-6-astra": "ctx-coder",
  "gpt-5.5": "ctx-coder-long",
};

/** What @ctx would send on a first turn, and what discovery reported. */
export interface CtxFirstTurn {
  readonly instructions: string;
  readonly input: readonly MessageItem[];
  readonly agentsMd: LoadedAgentsMd;
}

/**
 * Assembles a first turn with @ctx under a scenario's settings: the same choices Codex makes
 * from its configuration (read-only and `on-request` by default; under `workspace-write` the
 * working directory, the extra roots and `/tmp` are writable), each turned into our fragments.
 */
export async function ctxFirstTurn(options: {
  readonly base: string;
  readonly cwd: string;
  readonly home: string;
  readonly settings: ScenarioSettings;
  readonly prompt: string;
}): Promise<CtxFirstTurn> {
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
  const fragments: Fragment[] = [];
  if (settings.developerInstructions !== undefined && settings.developerInstructions !== "") {
    fragments.push(developerInstructions.create({ text: settings.developerInstructions }));
  }
  if (settings.includePermissions !== false) {
    fragments.push(permissionsInstructions.create({ text: renderPermissionsInstructions(policy) }));
  }
  if (!agentsMd.isEmpty()) {
    fragments.push(
      agentsMdInstructions.create({
        ...(agentsMd.directory === null ? {} : { directory: agentsMd.directory }),
        text: agentsMd.text(),
      }),
    );
  }
  if (settings.includeEnvironmentContext !== false) {
    fragments.push(
      environmentContext.create(environmentData(cwd, sandboxMode, roots, settings.includeDate)),
    );
  }
  const model = ctxModels[settings.model ?? defaultCodexModel] ?? "ctx-coder";
  return {
    instructions: resolveBaseInstructions({ model: defaultModelCatalog.get(model) }),
    input: [
      ...assembleEnvelopes(createStandardRegistry(), fragments),
      { type: "message", role: "user", content: [{ type: "input_text", text: options.prompt }] },
    ],
    agentsMd,
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
