import type {
  ApprovalPolicy,
  ApprovalsReviewer,
  GranularApprovals,
  Personality,
  SandboxMode,
} from "@ctx/prompts";
import type { CtxWarning } from "@ctx/text";
import type { ConfigSource } from "./config-source.js";
import type { ProjectTrust } from "./find-project-trust.js";

/** One setting of the configuration as Codex would use it, with where it came from. */
export interface CodexConfigValue {
  /** The configuration key (`sandbox_mode`, `sandbox_workspace_write.network_access`, …). */
  readonly key: string;
  readonly value: unknown;
  readonly source: ConfigSource;
}

/** A configuration file Codex would read, and whether it was there. */
export interface CodexConfigFile {
  readonly path: string;
  /** The profile this file is (`<name>.config.toml`); absent for the user's `config.toml`. */
  readonly profile?: string;
  /** The trusted project whose own `.codex/config.toml` this is. */
  readonly project?: string;
  readonly found: boolean;
}

/** A limit or an oddity of the configuration that Codex passes over in silence. */
export interface CodexConfigWarning extends CtxWarning {
  readonly code:
    | "legacy-profiles-ignored"
    | "profile-not-found"
    | "project-config-ignored"
    | "project-key-ignored";
  readonly path: string;
}

/**
 * The sandbox, approvals and what the turn's context leaves out, shaped as
 * `buildEnvironmentProfile` of `@ctx/session` takes them (add `cwd`, `shell` and `now`): its
 * result, spread into a turn context, sends no permissions text or environment context where
 * the configuration turns them off.
 */
export interface CodexEnvironmentSettings {
  readonly sandboxMode: SandboxMode;
  readonly approvalPolicy: ApprovalPolicy;
  readonly granularApprovals?: GranularApprovals;
  readonly approvalsReviewer?: ApprovalsReviewer;
  /** More writable roots under `workspace-write`, absolute. */
  readonly writableRoots: readonly string[];
  /** Whether commands under `workspace-write` reach the network. */
  readonly networkAccess: boolean;
  /** Whether the environment context shows the date and time zone. */
  readonly includeDate: boolean;
  /** Whether the permissions text is sent (`include_permissions_instructions`). */
  readonly includePermissions: boolean;
  /** Whether the environment context is sent (`include_environment_context`). */
  readonly includeEnvironmentContext: boolean;
}

/** The options of `createSession` of `@ctx/session` the configuration gives. */
export interface CodexSessionSettings {
  /** The text of `model_instructions_file`, which replaces the model's base instructions. */
  readonly baseInstructions?: string;
  readonly contextWindow?: number;
  readonly autoCompactTokenLimit?: number;
}

/** The options of `discoverAgentsMd` of `@ctx/agents-md` the configuration gives. */
export interface CodexAgentsMdSettings {
  readonly maxBytes?: number;
  readonly fallbackFilenames?: readonly string[];
  readonly rootMarkers?: readonly string[];
}

/** What the configuration says of skills, for `discoverSkills` of `@ctx/skills`. */
export interface CodexSkillsSettings {
  /** Whether the skills catalogue is sent (`skills.include_instructions`). */
  readonly includeInstructions: boolean;
  /** Whether Codex adds its bundled skills (`skills.bundled.enabled`); @ctx never reads them. */
  readonly bundled: boolean;
  /** Whether the project is trusted, so its `.codex/skills` folders count. */
  readonly trusted: boolean;
}

/**
 * A Codex configuration read as Codex 0.171 reads it for one working directory: the user's
 * `config.toml`, a profile's file over it, a trusted project's own `.codex/config.toml` files
 * over those, `-c` overrides over all, and the project's trust deciding the sandbox and approval
 * defaults. Every setting is in `values` with its source.
 */
export interface CodexConfig {
  /** Codex's home, where the files were looked for. */
  readonly home: string;
  /**
   * The files read, in the order they were laid over each other (`-c` overrides go over all):
   * the user's, the profile's, then a trusted project's own, its folder's first.
   */
  readonly files: readonly CodexConfigFile[];
  /** The profile selected with `--profile`. */
  readonly profile: string | undefined;
  readonly trust: ProjectTrust;
  /** The model slug; Codex's own default when absent. */
  readonly model: string | undefined;
  readonly personality: Personality | undefined;
  /** `developer_instructions`, exactly as written. */
  readonly developerInstructions: string | undefined;
  readonly environment: CodexEnvironmentSettings;
  readonly session: CodexSessionSettings;
  readonly agentsMd: CodexAgentsMdSettings;
  readonly skills: CodexSkillsSettings;
  /** Whether the permissions instructions are sent (`include_permissions_instructions`). */
  readonly includePermissions: boolean;
  /** Whether the environment context is sent (`include_environment_context`). */
  readonly includeEnvironmentContext: boolean;
  /** Every setting above, with its configuration key and source, defaults included. */
  readonly values: readonly CodexConfigValue[];
  readonly warnings: readonly CodexConfigWarning[];
}
