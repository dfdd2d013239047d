import { discoverAgentsMd } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import { isMessageItem, type MessageItem } from "@ctx/protocol";
import { buildEnvironmentProfile, createSession } from "@ctx/session";
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
  /** An IANA time zone; the system's when omitted (`Etc/UTC` where the system says `UTC`). */
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
    fs: createNodeFileSystem(),
    ...(options.home === undefined ? {} : { home: options.home }),
  });
  const cwd = agentsMd.environments[0]?.cwd ?? options.cwd;
  const session = createSession(
    options.separator === undefined ? {} : { separator: options.separator },
  );
  const request = await session.beginTurn(
    {
      model: options.model ?? "ctx-coder",
      ...buildEnvironmentProfile({
        cwd,
        shell: options.shell ?? "bash",
        sandboxMode: "workspace-write",
        approvalPolicy: "on-request",
        ...(options.now === undefined ? {} : { now: options.now }),
        ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
      }),
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
