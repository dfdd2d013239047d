import { discoverAgentsMd } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import type { ApprovalPolicy, GranularApprovals, Personality, SandboxMode } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import {
  agentsMdInstructions,
  createStandardRegistry,
  developerInstructions,
  skillsInstructions,
} from "@ctx/registry";
import { buildEnvironmentProfile, createSession, type TurnContext } from "@ctx/session";
import { discoverSkills, type LoadedSkills } from "@ctx/skills";
import { type CtxWarning, trimWhiteSpace } from "@ctx/text";
import { agentsMdFailure } from "./agents-md-failure.js";
import { cliWarnings } from "./cli-warnings.js";
import { type ContextBlock, contextBlocks } from "./context-blocks.js";

/** The settings of a first turn; every one the user leaves out is an embedded default. */
export interface FirstTurnSettings {
  /** The working directory, absolute. */
  readonly cwd: string;
  /** The folder holding the global AGENTS.md, absolute; none when omitted. */
  readonly home?: string;
  readonly model: string;
  readonly personality: Personality;
  readonly sandbox: SandboxMode;
  readonly approval: ApprovalPolicy;
  /** The categories of a `granular` approval policy. */
  readonly granularApprovals?: GranularApprovals;
  /** More writable roots under `workspace-write`, absolute. */
  readonly writableRoots?: readonly string[];
  /** Whether commands under `workspace-write` reach the network. */
  readonly networkAccess?: boolean;
  /** Whether the permissions text is sent; `true` when omitted. */
  readonly includePermissions?: boolean;
  /** Whether the environment context is sent; `true` when omitted. */
  readonly includeEnvironmentContext?: boolean;
  /** Whether the environment context shows the date; `true` when omitted. */
  readonly includeDate?: boolean;
  /** Base instructions to send instead of the model's (Codex's `model_instructions_file`). */
  readonly baseInstructions?: string;
  /** The model's context window instead of the catalog's (Codex's `model_context_window`). */
  readonly contextWindow?: number;
  readonly shell: string;
  readonly now: Date;
  /** An IANA time zone; the system's when omitted (`Etc/UTC` where the system says `UTC`). */
  readonly timeZone?: string;
  /** Raw developer instructions (Codex's `developer_instructions`), sent verbatim. */
  readonly developerInstructions?: string;
  /** The AGENTS.md byte budget (Codex's `project_doc_max_bytes`). */
  readonly maxBytes?: number;
  /** More AGENTS.md names (Codex's `project_doc_fallback_filenames`). */
  readonly fallbackFilenames?: readonly string[];
  /** What marks the project root (Codex's `project_root_markers`). */
  readonly rootMarkers?: readonly string[];
  /**
   * Where to look for skills: Codex's home (its `skills` folder), the user's home (its
   * `.agents/skills`), and whether the project is trusted (its `.codex/skills` folders then
   * count); no catalogue when omitted.
   */
  readonly skills?: {
    readonly codexHome: string;
    readonly home: string;
    readonly trusted: boolean;
  };
}

/** What the model would be sent on its first turn before the user's message. */
export interface FirstTurnContext {
  /** Exactly what would be sent: the instructions and the input items. */
  readonly request: { readonly instructions: string; readonly input: readonly ResponseItem[] };
  /** The same texts, one block each, in the order they are sent. */
  readonly blocks: readonly ContextBlock[];
  readonly warnings: readonly CtxWarning[];
  /** The skills found, when they were looked for. */
  readonly skills: LoadedSkills | undefined;
}

/**
 * The first request of a session in `settings.cwd`, built by `@ctx/session` as a real agent
 * would, without the user's message: the model's base instructions with the personality, the
 * developer instructions, the skills catalogue (`@ctx/skills`), the permissions, the AGENTS.md
 * files from the project root down, and the environment.
 *
 * @throws {CliError} `failure` when the folder cannot be used as a working directory.
 */
export async function buildFirstTurnContext(
  settings: FirstTurnSettings,
): Promise<FirstTurnContext> {
  const registry = createStandardRegistry();
  // A one-shot command has nothing to do while it waits for the disk: blocking calls spare each
  // call a round trip through libuv's thread pool.
  const fs = createNodeFileSystem({ blocking: true });
  const agentsMd = await discoverAgentsMd({
    cwd: settings.cwd,
    fs,
    ...(settings.home === undefined ? {} : { home: settings.home }),
    ...(settings.maxBytes === undefined ? {} : { maxBytes: settings.maxBytes }),
    ...(settings.fallbackFilenames === undefined
      ? {}
      : { fallbackFilenames: settings.fallbackFilenames }),
    ...(settings.rootMarkers === undefined ? {} : { rootMarkers: settings.rootMarkers }),
  }).catch(agentsMdFailure);
  const environment = agentsMd.environments[0];
  const cwd = environment?.cwd ?? settings.cwd;
  const skills =
    settings.skills === undefined
      ? undefined
      : await discoverSkills({
          directories:
            environment === undefined || environment.directories.length === 0
              ? [cwd]
              : environment.directories,
          codexHome: settings.skills.codexHome,
          home: settings.skills.home,
          trusted: settings.skills.trusted,
          fs,
        });
  const turn: TurnContext = {
    model: settings.model,
    personality: settings.personality,
    ...buildEnvironmentProfile({
      cwd,
      shell: settings.shell,
      sandboxMode: settings.sandbox,
      approvalPolicy: settings.approval,
      ...(settings.granularApprovals === undefined
        ? {}
        : { granularApprovals: settings.granularApprovals }),
      ...(settings.writableRoots === undefined ? {} : { writableRoots: settings.writableRoots }),
      ...(settings.networkAccess === undefined ? {} : { networkAccess: settings.networkAccess }),
      now: settings.now,
      ...(settings.timeZone === undefined ? {} : { timeZone: settings.timeZone }),
      ...(settings.includePermissions === undefined
        ? {}
        : { includePermissions: settings.includePermissions }),
      ...(settings.includeEnvironmentContext === undefined
        ? {}
        : { includeEnvironmentContext: settings.includeEnvironmentContext }),
      ...(settings.includeDate === undefined ? {} : { includeDate: settings.includeDate }),
    }),
    agentsMd,
    ...(settings.developerInstructions === undefined
      ? {}
      : { developerInstructions: settings.developerInstructions }),
    ...(skills === undefined ? {} : { skills: skills.catalogue() }),
  };
  const request = await createSession({
    registry,
    ...(settings.baseInstructions === undefined
      ? {}
      : { baseInstructions: settings.baseInstructions }),
    ...(settings.contextWindow === undefined ? {} : { contextWindow: settings.contextWindow }),
  }).beginTurn(turn, "(the user's first message)");
  const input = request.input.slice(0, -1);
  const instructions = request.instructions;
  return {
    request: { instructions, input },
    blocks: [
      { role: "system", kind: "base_instructions", sources: [], text: instructions },
      ...contextBlocks(registry, input, (kind) => {
        if (kind === agentsMdInstructions.type) return agentsMd.sources();
        if (kind === skillsInstructions.type) return skills?.sources() ?? [];
        return [];
      }).map((block) =>
        // Raw developer instructions have no markers: name them by their text (the envelope may
        // have added its separator after it).
        block.role === "developer" &&
        settings.developerInstructions !== undefined &&
        trimWhiteSpace(block.text) === trimWhiteSpace(settings.developerInstructions)
          ? { ...block, kind: developerInstructions.type }
          : block,
      ),
    ],
    warnings: [...(skills?.warnings ?? []), ...cliWarnings(request.warnings, settings.model)],
    skills,
  };
}
