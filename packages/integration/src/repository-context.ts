import { discoverAgentsMd } from "@ctx/agents-md";
import type { Fragment } from "@ctx/fragments";
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
  type EnvironmentContextData,
  environmentContext,
  permissionsInstructions,
} from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import { assembleEnvelopes } from "./assemble-envelopes.js";

/** Where and when to assemble; everything else is an embedded default. */
export interface RepositoryContextOptions {
  /** The working directory: the repository, or a folder inside it. */
  readonly cwd: string;
  /** The folder holding the global AGENTS.md (Codex: `$CODEX_HOME`, else `~/.codex`); none when omitted. */
  readonly home?: string;
  /** A model slug of the default catalog; `ctx-coder` when omitted. */
  readonly model?: string;
  readonly now?: Date;
  /** An IANA time zone; the machine's when omitted. */
  readonly timeZone?: string;
  /** The shell's name; `bash` when omitted. */
  readonly shell?: string;
}

/** What the model would be sent before the first user message, and every limit reached on the way. */
export interface RepositoryContext {
  readonly instructions: string;
  readonly input: readonly MessageItem[];
  readonly warnings: readonly CtxWarning[];
}

/**
 * The context a coding agent built on @ctx would show the model in `cwd` on embedded defaults:
 * the default model's base instructions; a workspace-write sandbox without network that asks
 * before escalating; the AGENTS.md files from the project root down; and the environment.
 */
export async function assembleRepositoryContext(
  options: RepositoryContextOptions,
): Promise<RepositoryContext> {
  const registry = createStandardRegistry();
  const agentsMd = await discoverAgentsMd({
    cwd: options.cwd,
    ...(options.home === undefined ? {} : { home: options.home }),
  });
  const cwd = agentsMd.environments[0]?.cwd ?? options.cwd;
  const policy: PermissionsPolicy = {
    sandboxMode: "workspace-write",
    writableRoots: [cwd],
    networkAccess: false,
    approvalPolicy: "on-request",
  };
  const timeZone = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const fragments: Fragment[] = [
    permissionsInstructions.create({ text: renderPermissionsInstructions(policy) }),
    ...(agentsMd.isEmpty()
      ? []
      : [
          agentsMdInstructions.create({
            ...(agentsMd.directory === null ? {} : { directory: agentsMd.directory }),
            text: agentsMd.text(),
          }),
        ]),
    environmentContext.create(
      environment(cwd, options.shell ?? "bash", options.now ?? new Date(), timeZone),
    ),
  ] as Fragment[];
  return {
    instructions: resolveBaseInstructions({
      model: defaultModelCatalog.get(options.model ?? "ctx-coder"),
    }),
    input: assembleEnvelopes(registry, fragments),
    warnings: agentsMd.warnings,
  };
}

/** The environment as Codex 0.169 describes a workspace-write sandbox rooted at `cwd`. */
function environment(
  cwd: string,
  shell: string,
  now: Date,
  timeZone: string,
): EnvironmentContextData {
  const protectedFolders = [".git", ".agents", ".codex", ".aws"];
  return {
    environments: [{ id: "local", cwd, shell }],
    currentDate: new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now),
    timezone: timeZone,
    filesystem: {
      workspaceRoots: [cwd],
      permissionProfile: {
        type: "managed",
        fileSystem: {
          type: "restricted",
          entries: [
            { access: "read", target: { special: ":root" } },
            { access: "write", target: { path: cwd } },
            { access: "write", target: { special: ":slash_tmp" } },
            { access: "write", target: { special: ":tmpdir" } },
            ...protectedFolders.map((folder) => ({
              access: "read" as const,
              target: { path: `${cwd}/${folder}` },
            })),
          ],
        },
      },
    },
  };
}
