import { discoverAgentsMd } from "@ctx/agents-md";
import type { PermissionsPolicy } from "@ctx/prompts";
import { isMessageItem, type MessageItem } from "@ctx/protocol";
import type { EnvironmentContextData } from "@ctx/registry";
import { createSession } from "@ctx/session";
import type { CtxWarning } from "@ctx/text";

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
  /** How texts sharing a message are joined: a blank line (the default), or `none` as Codex 0.169. */
  readonly separator?: "blank-line" | "none";
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
 * It is the first request of a real session, without the user's message.
 */
export async function assembleRepositoryContext(
  options: RepositoryContextOptions,
): Promise<RepositoryContext> {
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
  const { filesystem, ...environment } = environmentContext(
    cwd,
    options.now ?? new Date(),
    timeZone,
  );
  const session = createSession(
    options.separator === undefined ? {} : { separator: options.separator },
  );
  const request = await session.beginTurn(
    {
      model: options.model ?? "ctx-coder",
      environments: [{ id: "local", cwd, shell: options.shell ?? "bash" }],
      ...environment,
      ...(filesystem === undefined ? {} : { filesystem }),
      permissions: policy,
      agentsMd,
    },
    "(the user's first message)",
  );
  return {
    instructions: request.instructions,
    input: request.input.slice(0, -1).filter((item) => isMessageItem(item)),
    warnings: request.warnings,
  };
}

/** The environment as Codex 0.169 describes a workspace-write sandbox rooted at `cwd`. */
function environmentContext(
  cwd: string,
  now: Date,
  timeZone: string,
): Pick<EnvironmentContextData, "filesystem"> & { date: string; timezone: string } {
  const protectedFolders = [".git", ".agents", ".codex", ".aws"];
  return {
    date: new Intl.DateTimeFormat("en-CA", {
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
