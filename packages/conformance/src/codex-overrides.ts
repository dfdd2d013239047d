import { isAbsolute, join } from "node:path";
import type { ScenarioSettings } from "./scenario.js";

/** The model every scenario runs on unless it names another. */
export const defaultCodexModel = "gpt-6-astra";

/** The settings that map one to one onto a Codex configuration key. */
const configKeys = {
  approvalsReviewer: "approvals_reviewer",
  networkAccess: "sandbox_workspace_write.network_access",
  includeDate: "include_environment_context_time",
  includeEnvironmentContext: "include_environment_context",
  includePermissions: "include_permissions_instructions",
  maxBytes: "project_doc_max_bytes",
  fallbackFilenames: "project_doc_fallback_filenames",
  rootMarkers: "project_root_markers",
  developerInstructions: "developer_instructions",
  personality: "personality",
} as const satisfies Partial<Record<keyof ScenarioSettings, string>>;

/**
 * The `-c key=value` overrides that give Codex a scenario's settings, and the Codex features it
 * switches on. The skills catalogue is off unless the scenario asks for it, and Codex's bundled
 * skills always are: they are Codex's own, which @ctx has no business knowing.
 */
export function codexOverrides(settings: ScenarioSettings, base: string): string[] {
  const values: [string, unknown][] = [
    ["model", settings.model ?? defaultCodexModel],
    ["skills.include_instructions", settings.skills === true],
    ...(settings.skills === true ? [["skills.bundled.enabled", false] as [string, unknown]] : []),
  ];
  if (settings.sandboxMode !== undefined) values.push(["sandbox_mode", settings.sandboxMode]);
  if (settings.approvalPolicy === "granular") {
    const granular = settings.granularApprovals;
    values.push([
      "approval_policy",
      {
        granular: {
          sandbox_approval: granular?.sandboxApproval ?? false,
          rules: granular?.rules ?? false,
          skill_approval: granular?.skillApproval ?? false,
          request_permissions: granular?.requestPermissions ?? false,
          mcp_elicitations: granular?.mcpElicitations ?? false,
        },
      },
    ]);
  } else if (settings.approvalPolicy !== undefined) {
    values.push(["approval_policy", settings.approvalPolicy]);
  }
  for (const [setting, key] of Object.entries(configKeys) as [keyof typeof configKeys, string][]) {
    const value = settings[setting];
    if (value !== undefined) values.push([key, value]);
  }
  if (settings.modelInstructionsFile !== undefined)
    values.push(["model_instructions_file", join(base, settings.modelInstructionsFile)]);
  for (const feature of settings.codexFeatures ?? []) values.push([`features.${feature}`, true]);
  if (settings.writableRoots !== undefined)
    values.push([
      "sandbox_workspace_write.writable_roots",
      settings.writableRoots.map((root) => (isAbsolute(root) ? root : join(base, root))),
    ]);
  return values.flatMap(([key, value]) => ["-c", `${key}=${toToml(value)}`]);
}

/** An inline TOML value: strings and arrays as JSON (valid TOML for these), tables inline. */
function toToml(value: unknown): string {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${key}=${toToml(inner)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
