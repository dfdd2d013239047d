import { type CodexConfig, type ConfigSource, describeConfigSource } from "@ctx/codex-config";
import type { ApprovalPolicy, GranularApprovals, Personality, SandboxMode } from "@ctx/prompts";
import { type CtxWarning, utf8ByteLength } from "@ctx/text";

/** One setting as shown: its name, its value in words, and where it came from in words. */
export interface SettingRow {
  readonly name: string;
  readonly value: string;
  readonly source: string;
}

/** The settings a command line may give; an absent one leaves the choice to the configuration. */
export interface ContextFlags {
  readonly model?: string;
  readonly personality?: Personality;
  readonly sandbox?: SandboxMode;
  readonly approval?: ApprovalPolicy;
}

/** The settings of a first turn, each from a flag, the user's Codex configuration, or a default. */
export interface ContextSettings {
  readonly model: string;
  readonly personality: Personality;
  readonly sandbox: SandboxMode;
  readonly approval: ApprovalPolicy;
  readonly granularApprovals: GranularApprovals | undefined;
  readonly writableRoots: readonly string[];
  readonly networkAccess: boolean;
  readonly developerInstructions: string | undefined;
  /** The text of `model_instructions_file`, sent instead of the model's base instructions. */
  readonly baseInstructions: string | undefined;
  /** `model_context_window`: the model's window instead of the catalog's. */
  readonly contextWindow: number | undefined;
  readonly maxBytes: number | undefined;
  readonly fallbackFilenames: readonly string[] | undefined;
  readonly rootMarkers: readonly string[] | undefined;
  /** Whether the skills catalogue is sent. */
  readonly skills: boolean;
  /** Whether the permissions text is sent (`include_permissions_instructions`). */
  readonly includePermissions: boolean;
  /** Whether the environment context is sent (`include_environment_context`). */
  readonly includeEnvironmentContext: boolean;
  /** Whether the environment context shows the date (`include_environment_context_time`). */
  readonly includeDate: boolean;
  /** Whether the project is trusted, so its `.codex/skills` folders count. */
  readonly trusted: boolean;
  /** Every setting with its source, in the order shown. */
  readonly rows: readonly SettingRow[];
  readonly warnings: readonly CtxWarning[];
}

/** The model shown when neither a flag nor the configuration names one. */
export const defaultContextModel = "ctx-coder";

/**
 * Each setting from the command line when a flag gives it, else from the user's Codex
 * configuration as `@ctx/codex-config` read it (a file and line, a profile, a `-c` override, or
 * the project's trust), else Codex's default; without a configuration (`--no-config`), what
 * Codex does with an empty one: read-only, `on-request`, nothing trusted.
 */
export function resolveContextSettings(input: {
  readonly flags: ContextFlags;
  readonly config: CodexConfig | undefined;
  /** Codex's home and what named it (`--home`, `CODEX_HOME`, the default). */
  readonly home: { readonly path: string; readonly source: string };
  /** The configuration files as read (or why none was), and what decided it. */
  readonly configFile: { readonly value: string; readonly source: string };
}): ContextSettings {
  const { flags, config } = input;
  const sourceOf = (key: string): string => {
    const source = config?.values.find((value) => value.key === key)?.source;
    return source === undefined ? "default" : shortSource(source);
  };
  const pick = <Value>(
    flag: Value | undefined,
    key: string,
    configured: Value | undefined,
    fallback: Value,
  ) =>
    flag !== undefined
      ? { value: flag, source: "flag" }
      : configured !== undefined
        ? { value: configured, source: sourceOf(key) }
        : { value: fallback, source: "default" };
  const environment = config?.environment;
  const model = pick(flags.model, "model", config?.model, defaultContextModel);
  const personality = pick<Personality>(
    flags.personality,
    "personality",
    config?.personality,
    "pragmatic",
  );
  const sandbox = pick<SandboxMode>(
    flags.sandbox,
    "sandbox_mode",
    environment?.sandboxMode,
    "read-only",
  );
  const approval = pick<ApprovalPolicy>(
    flags.approval,
    "approval_policy",
    environment?.approvalPolicy,
    "on-request",
  );
  const granularApprovals = approval.source === "flag" ? undefined : environment?.granularApprovals;
  const writableRoots = environment?.writableRoots ?? [];
  const networkAccess = environment?.networkAccess ?? false;
  const agentsMd = config?.agentsMd ?? {};
  const skills = config?.skills.includeInstructions ?? true;
  const includePermissions = environment?.includePermissions ?? true;
  const includeEnvironmentContext = environment?.includeEnvironmentContext ?? true;
  const includeDate = environment?.includeDate ?? true;
  const baseInstructions = config?.session.baseInstructions;
  const listed = (names: readonly string[] | undefined, fallback: string) =>
    names === undefined ? fallback : names.join(", ") || "none";
  const rows: SettingRow[] = [
    { name: "Codex home", value: input.home.path, source: input.home.source },
    { name: "config file", ...input.configFile },
    {
      name: "project trust",
      value:
        config === undefined || config.trust.level === "unknown"
          ? "none"
          : `${config.trust.level} (${config.trust.project})`,
      source: config?.trust.source === undefined ? "default" : shortSource(config.trust.source),
    },
    { name: "model", ...model },
    { name: "personality", ...personality },
    { name: "sandbox", ...sandbox },
    { name: "approval", ...approval },
    {
      name: "writable roots",
      value:
        sandbox.value === "workspace-write"
          ? listed(writableRoots, "none")
          : "none (not workspace-write)",
      source: sourceOf("sandbox_workspace_write.writable_roots"),
    },
    sandbox.value === "workspace-write"
      ? {
          name: "network",
          value: networkAccess ? "on" : "off",
          source: sourceOf("sandbox_workspace_write.network_access"),
        }
      : {
          name: "network",
          value: sandbox.value === "read-only" ? "off" : "on",
          source: sandbox.source,
        },
    {
      name: "developer instructions",
      value:
        config?.developerInstructions === undefined
          ? "none"
          : `${utf8ByteLength(config.developerInstructions)} bytes, as written`,
      source: sourceOf("developer_instructions"),
    },
    {
      name: "base instructions",
      value:
        baseInstructions === undefined
          ? `@ctx's own for ${model.value}`
          : `${utf8ByteLength(baseInstructions)} bytes from model_instructions_file`,
      source: baseInstructions === undefined ? model.source : sourceOf("model_instructions_file"),
    },
    {
      name: "AGENTS.md budget",
      value: `${agentsMd.maxBytes ?? 32768} bytes`,
      source: sourceOf("project_doc_max_bytes"),
    },
    {
      name: "AGENTS.md fallback names",
      value: listed(agentsMd.fallbackFilenames, "none"),
      source: sourceOf("project_doc_fallback_filenames"),
    },
    {
      name: "project root markers",
      value: listed(agentsMd.rootMarkers, ".git"),
      source: sourceOf("project_root_markers"),
    },
    {
      name: "skills",
      value: skills ? "on" : "off",
      source: sourceOf("skills.include_instructions"),
    },
    {
      name: "permissions text",
      value: includePermissions ? "sent" : "not sent",
      source: sourceOf("include_permissions_instructions"),
    },
    {
      name: "environment context",
      value: !includeEnvironmentContext
        ? "not sent"
        : includeDate
          ? "sent"
          : "sent, without the date",
      source: sourceOf(
        includeEnvironmentContext
          ? "include_environment_context_time"
          : "include_environment_context",
      ),
    },
  ];
  return {
    model: model.value,
    personality: personality.value,
    sandbox: sandbox.value,
    approval: approval.value,
    granularApprovals,
    writableRoots,
    networkAccess,
    developerInstructions: config?.developerInstructions,
    baseInstructions,
    contextWindow: config?.session.contextWindow,
    maxBytes: agentsMd.maxBytes,
    fallbackFilenames: agentsMd.fallbackFilenames,
    rootMarkers: agentsMd.rootMarkers,
    skills,
    includePermissions,
    includeEnvironmentContext,
    includeDate,
    trusted: config?.skills.trusted ?? false,
    rows,
    warnings: config?.warnings ?? [],
  };
}

/**
 * A source for the settings table: a file by its name and line (a project's by its path inside
 * the project), the rest as described.
 */
function shortSource(source: ConfigSource): string {
  if (source.kind !== "file") return describeConfigSource(source);
  if (source.project !== undefined) {
    const inside = source.path.startsWith(`${source.project}/`)
      ? source.path.slice(source.project.length + 1)
      : source.path;
    return `project ${inside}:${source.line}`;
  }
  const name = source.path.split(/[\\/]/).at(-1) ?? source.path;
  return source.profile === undefined
    ? `${name}:${source.line}`
    : `profile ${source.profile} (${name}:${source.line})`;
}
