import type { AgentsMdFileSystem } from "@ctx/agents-md";
import type { ApprovalPolicy, GranularApprovals, SandboxMode } from "@ctx/prompts";
import type { CodexConfig, CodexConfigValue } from "./codex-config.js";
import { CodexConfigError } from "./codex-config-error.js";
import type { ConfigLayers } from "./config-layers.js";
import type { ConfigSource } from "./config-source.js";
import type { ConfigToml } from "./config-toml-schema.js";
import type { ProjectTrust } from "./find-project-trust.js";
import { readConfigFile } from "./read-config-file.js";

/** What {@link resolveCodexSettings} reads besides the merged configuration. */
export interface SettingsInput {
  readonly toml: ConfigToml;
  readonly layers: ConfigLayers;
  readonly trust: ProjectTrust;
  readonly cwd: string;
  readonly fs: AgentsMdFileSystem;
  readonly maxBytes: number;
}

type Settings = Omit<CodexConfig, "home" | "files" | "profile" | "trust" | "warnings">;

/**
 * The settings of the merged configuration as Codex 0.171 applies them: a value set in a file or
 * an override wins; otherwise the project's trust decides the sandbox (`workspace-write` for a
 * project with a trust level, `read-only` for one without) and the approval policy (`untrusted`
 * for an untrusted project, else `on-request`); paths given relative are taken from the folder
 * of the file that gave them (the working directory for an override); `model_instructions_file`
 * is read, bounded as the configuration is; an untrusted project's AGENTS.md files are off (a
 * budget of 0), the global one stays.
 */
export async function resolveCodexSettings(input: SettingsInput): Promise<Settings> {
  const { toml, layers, trust } = input;
  const values: CodexConfigValue[] = [];
  const defaultSource: ConfigSource = { kind: "default" };
  const trustSource: ConfigSource =
    trust.level === "unknown" || trust.project === undefined
      ? defaultSource
      : { kind: "trust", project: trust.project, level: trust.level };
  /** The value at `key` with its source, or `fallback` as a default; listed in `values`. */
  const setting = <Value>(
    key: string,
    value: Value | undefined,
    fallback: Value,
    source: ConfigSource = defaultSource,
  ) => {
    const leaf = layers.sourceOf(key.split("."));
    const chosen = value === undefined ? fallback : value;
    values.push({
      key,
      value: chosen,
      source: value === undefined ? source : (leaf ?? defaultSource),
    });
    return chosen;
  };
  const optional = <Value>(key: string, value: Value | undefined): Value | undefined => {
    if (value !== undefined) setting(key, value, value);
    return value;
  };
  const relativeTo = (key: string, path: string) => {
    if (input.fs.path.isAbsolute(path)) return path;
    const source = layers.sourceOf(key.split("."));
    const base = source?.kind === "file" ? input.fs.path.dirname(source.path) : input.cwd;
    return input.fs.path.resolve(base, path);
  };

  const model = optional("model", toml.model);
  const personality = optional("personality", toml.personality);
  const developerInstructions = optional("developer_instructions", toml.developer_instructions);
  const sandboxMode = setting<SandboxMode>(
    "sandbox_mode",
    toml.sandbox_mode,
    trust.level === "unknown" ? "read-only" : "workspace-write",
    trustSource,
  );
  const approval = toml.approval_policy;
  const approvalPolicy = setting<ApprovalPolicy>(
    "approval_policy",
    approval === undefined ? undefined : typeof approval === "string" ? approval : "granular",
    trust.level === "untrusted" ? "untrusted" : "on-request",
    trustSource,
  );
  const granularApprovals: GranularApprovals | undefined =
    approval === undefined || typeof approval === "string"
      ? undefined
      : {
          sandboxApproval: approval.granular.sandbox_approval ?? false,
          rules: approval.granular.rules ?? false,
          skillApproval: approval.granular.skill_approval ?? false,
          requestPermissions: approval.granular.request_permissions ?? false,
          mcpElicitations: approval.granular.mcp_elicitations ?? false,
        };
  const approvalsReviewer = optional("approvals_reviewer", toml.approvals_reviewer);
  const writableRoots = setting(
    "sandbox_workspace_write.writable_roots",
    toml.sandbox_workspace_write?.writable_roots?.map((root) =>
      relativeTo("sandbox_workspace_write.writable_roots", root),
    ),
    [],
  );
  const networkAccess = setting(
    "sandbox_workspace_write.network_access",
    toml.sandbox_workspace_write?.network_access,
    false,
  );
  const includeDate = setting(
    "include_environment_context_time",
    toml.include_environment_context_time,
    true,
  );
  const instructionsFile = optional(
    "model_instructions_file",
    toml.model_instructions_file === undefined
      ? undefined
      : relativeTo("model_instructions_file", toml.model_instructions_file),
  );
  const baseInstructions =
    instructionsFile === undefined
      ? undefined
      : await readConfigFile(input.fs, instructionsFile, input.maxBytes);
  if (instructionsFile !== undefined && baseInstructions === undefined) {
    throw new CodexConfigError(
      "read-failed",
      `model_instructions_file names ${instructionsFile}, which does not exist`,
      { path: instructionsFile },
    );
  }
  const contextWindow = optional("model_context_window", toml.model_context_window);
  const autoCompactTokenLimit = optional(
    "model_auto_compact_token_limit",
    toml.model_auto_compact_token_limit,
  );
  // Codex 0.171 reads no project AGENTS.md in an untrusted project, whatever the budget says.
  const maxBytes =
    trust.level === "untrusted"
      ? setting("project_doc_max_bytes", undefined, 0, trustSource)
      : optional("project_doc_max_bytes", toml.project_doc_max_bytes);
  const fallbackFilenames = optional(
    "project_doc_fallback_filenames",
    toml.project_doc_fallback_filenames,
  );
  const rootMarkers = optional("project_root_markers", toml.project_root_markers);
  const includeInstructions = setting(
    "skills.include_instructions",
    toml.skills?.include_instructions,
    true,
  );
  const bundled = setting("skills.bundled.enabled", toml.skills?.bundled?.enabled, true);
  const includePermissions = setting(
    "include_permissions_instructions",
    toml.include_permissions_instructions,
    true,
  );
  const includeEnvironmentContext = setting(
    "include_environment_context",
    toml.include_environment_context,
    true,
  );
  return {
    model,
    personality,
    developerInstructions,
    environment: {
      sandboxMode,
      approvalPolicy,
      ...(granularApprovals === undefined ? {} : { granularApprovals }),
      ...(approvalsReviewer === undefined ? {} : { approvalsReviewer }),
      writableRoots,
      networkAccess,
      includeDate,
      includePermissions,
      includeEnvironmentContext,
    },
    session: {
      ...(baseInstructions === undefined ? {} : { baseInstructions }),
      ...(contextWindow === undefined ? {} : { contextWindow }),
      ...(autoCompactTokenLimit === undefined ? {} : { autoCompactTokenLimit }),
    },
    agentsMd: {
      ...(maxBytes === undefined ? {} : { maxBytes }),
      ...(fallbackFilenames === undefined ? {} : { fallbackFilenames }),
      ...(rootMarkers === undefined ? {} : { rootMarkers }),
    },
    skills: { includeInstructions, bundled, trusted: trust.level === "trusted" },
    includePermissions,
    includeEnvironmentContext,
    values,
  };
}
