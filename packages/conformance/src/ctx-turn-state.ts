import { realpath } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { discoverAgentsMd, type LoadedAgentsMd } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import type { CodexConfig } from "@ctx/codex-config";
import type { PermissionsPolicy } from "@ctx/prompts";
import type { EnvironmentContextData, SkillsInstructionsData } from "@ctx/registry";
import { buildEnvironmentProfile } from "@ctx/session";
import { discoverSkills } from "@ctx/skills";
import type { ScenarioSettings } from "./scenario.js";

/** The values Codex reads from the machine, pinned on our side; the comparison puts them into Codex's text too. */
export const pinnedEnvironment = {
  shell: "bash",
  currentDate: "2026-01-15",
  timezone: "Etc/UTC",
} as const;

/** Noon of the pinned date, in the pinned time zone. */
const pinnedNow = new Date(`${pinnedEnvironment.currentDate}T12:00:00Z`);

/** What @ctx knows of one turn under a scenario's settings, before it becomes fragments. */
export interface CtxTurnState {
  /** The working directory's physical path. */
  readonly cwd: string;
  readonly agentsMd: LoadedAgentsMd;
  /** The permissions policy, or `undefined` when the settings leave the permissions text out. */
  readonly policy: PermissionsPolicy | undefined;
  /** The environment context's data, or `undefined` when the settings switch it off. */
  readonly environment: EnvironmentContextData | undefined;
  /**
   * The skills catalogue `@ctx/skills` finds in the project folders AGENTS.md discovery searched
   * and in `home` (both `CODEX_HOME` and `HOME`), or `undefined` when the settings leave it off.
   */
  readonly skills: SkillsInstructionsData | undefined;
}

/**
 * The state of a turn in `cwd` under a scenario's settings, with the choices Codex makes from
 * its configuration: those of `config` (the trust-aware defaults included) where the settings
 * are silent, else read-only and `on-request` (the `include_` switches too); the environment and permissions are
 * `buildEnvironmentProfile`'s for the working directory's physical path, with the pinned shell,
 * date and time zone; the skills catalogue when the scenario asks for it.
 */
export async function ctxTurnState(options: {
  readonly base: string;
  readonly cwd: string;
  readonly home: string;
  readonly settings: ScenarioSettings;
  /** A Codex configuration read by `@ctx/codex-config`: what it says applies where `settings` is silent. */
  readonly config?: CodexConfig;
}): Promise<CtxTurnState> {
  const { settings } = options;
  const configured = options.config?.environment;
  const cwd = await realpath(options.cwd);
  const agentsMd = await discoverAgentsMd({
    cwd: options.cwd,
    home: options.home,
    fs: createNodeFileSystem(),
    ...options.config?.agentsMd,
    ...(settings.maxBytes === undefined ? {} : { maxBytes: settings.maxBytes }),
    ...(settings.fallbackFilenames === undefined
      ? {}
      : { fallbackFilenames: settings.fallbackFilenames }),
    ...(settings.rootMarkers === undefined ? {} : { rootMarkers: settings.rootMarkers }),
  });
  const sandboxMode = settings.sandboxMode ?? configured?.sandboxMode ?? "read-only";
  const approvalPolicy = settings.approvalPolicy ?? configured?.approvalPolicy;
  const networkAccess = settings.networkAccess ?? configured?.networkAccess;
  const profile = buildEnvironmentProfile({
    cwd,
    shell: pinnedEnvironment.shell,
    sandboxMode,
    ...(approvalPolicy === undefined ? {} : { approvalPolicy }),
    ...(settings.granularApprovals === undefined
      ? {}
      : { granularApprovals: settings.granularApprovals }),
    ...(settings.approvalsReviewer === undefined
      ? {}
      : { approvalsReviewer: settings.approvalsReviewer }),
    writableRoots:
      settings.writableRoots === undefined
        ? (configured?.writableRoots ?? [])
        : settings.writableRoots.map((root) =>
            isAbsolute(root) ? root : join(options.base, root),
          ),
    ...(networkAccess === undefined ? {} : { networkAccess }),
    now: pinnedNow,
    timeZone: pinnedEnvironment.timezone,
    ...optionalFlag("includeDate", settings.includeDate ?? configured?.includeDate),
    ...optionalFlag(
      "includePermissions",
      settings.includePermissions ?? configured?.includePermissions,
    ),
    ...optionalFlag(
      "includeEnvironmentContext",
      settings.includeEnvironmentContext ?? configured?.includeEnvironmentContext,
    ),
  });
  const skills =
    settings.skills === true
      ? await discoverSkills({
          directories: agentsMd.environments[0]?.directories ?? [options.cwd],
          codexHome: options.home,
          home: options.home,
          fs: createNodeFileSystem(),
        })
      : undefined;
  return {
    cwd,
    agentsMd,
    skills: skills?.catalogue(),
    policy: profile.permissions,
    environment:
      profile.environmentContext === false
        ? undefined
        : {
            environments: profile.environments,
            ...(profile.date === undefined ? {} : { currentDate: profile.date }),
            ...(profile.timezone === undefined ? {} : { timezone: profile.timezone }),
            filesystem: profile.filesystem,
          },
  };
}

/** `{ [name]: value }`, or nothing when `value` is `undefined`. */
function optionalFlag<Name extends string>(
  name: Name,
  value: boolean | undefined,
): Partial<Record<Name, boolean>> {
  return value === undefined ? {} : ({ [name]: value } as Record<Name, boolean>);
}
