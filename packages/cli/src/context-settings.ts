import type { ApprovalPolicy, Personality, SandboxMode } from "@ctx/prompts";
import { type CtxWarning, utf8ByteLength } from "@ctx/text";
import type { CodexConfig } from "./codex-config.js";

/** Where a setting of `ctx context` came from. */
export type SettingSource = "default" | "config" | "flag" | "environment";

/** One setting as shown: its name, its value in words, and where it came from. */
export interface SettingRow {
  readonly name: string;
  readonly value: string;
  readonly source: SettingSource;
}

/** A setting the command line may give, with whether it did. */
export interface FlagValue<Value> {
  readonly value: Value;
  readonly given: boolean;
}

/** The settings of a first turn, each from a flag, the user's `config.toml`, or a default. */
export interface ContextSettings {
  readonly model: string;
  readonly personality: Personality;
  readonly sandbox: SandboxMode;
  readonly approval: ApprovalPolicy;
  readonly developerInstructions: string | undefined;
  readonly maxBytes: number | undefined;
  readonly fallbackFilenames: readonly string[] | undefined;
  readonly rootMarkers: readonly string[] | undefined;
  /** Whether the skills catalogue is sent. */
  readonly skills: boolean;
  readonly trustedProjects: readonly string[];
  /** Every setting with its source, in the order shown. */
  readonly rows: readonly SettingRow[];
  readonly warnings: readonly CtxWarning[];
}

/**
 * Each setting from the command line when a flag gives it, else from the user's Codex
 * configuration, else the embedded default; a `granular` approval table in the configuration,
 * which `ctx` cannot show, leaves the flag's or default policy and a warning.
 */
export function resolveContextSettings(input: {
  readonly flags: {
    readonly model: FlagValue<string>;
    readonly personality: FlagValue<Personality>;
    readonly sandbox: FlagValue<SandboxMode>;
    readonly approval: FlagValue<ApprovalPolicy>;
  };
  readonly config: CodexConfig | undefined;
  /** Codex's home and whether `--home`, `CODEX_HOME` or the default named it. */
  readonly home: { readonly path: string; readonly source: SettingSource };
  /** `config.toml` as read (its path, or why none was read), and what decided it. */
  readonly configFile: { readonly value: string; readonly source: SettingSource };
}): ContextSettings {
  const { flags, config } = input;
  const warnings: CtxWarning[] = [];
  const pick = <Value>(flag: FlagValue<Value>, configured: Value | undefined) =>
    flag.given || configured === undefined
      ? { value: flag.value, source: flag.given ? ("flag" as const) : ("default" as const) }
      : { value: configured, source: "config" as const };
  const configuredApproval = config?.approval;
  if (configuredApproval === "granular") {
    warnings.push({
      code: "granular-approval",
      message: `${config?.path} sets a granular approval policy, which ctx context cannot show; ${flags.approval.value} is shown instead`,
    });
  }
  const model = pick(flags.model, config?.model);
  const personality = pick(flags.personality, config?.personality);
  const sandbox = pick(flags.sandbox, config?.sandbox);
  const approval = pick(
    flags.approval,
    configuredApproval === "granular" ? undefined : configuredApproval,
  );
  const fromConfig = <Value>(
    value: Value | undefined,
    shown: (value: Value) => string,
    fallback: string,
  ) =>
    value === undefined
      ? { value: fallback, source: "default" as const }
      : { value: shown(value), source: "config" as const };
  const rows: SettingRow[] = [
    { name: "Codex home", value: input.home.path, source: input.home.source },
    { name: "config file", ...input.configFile },
    { name: "model", ...model },
    { name: "personality", ...personality },
    { name: "sandbox", ...sandbox },
    { name: "approval", ...approval },
    {
      name: "developer instructions",
      ...fromConfig(
        config?.developerInstructions,
        (text) => `${utf8ByteLength(text)} bytes`,
        "none",
      ),
    },
    {
      name: "AGENTS.md budget",
      ...fromConfig(config?.maxBytes, (bytes) => `${bytes} bytes`, "32768 bytes"),
    },
    {
      name: "AGENTS.md fallback names",
      ...fromConfig(config?.fallbackFilenames, (names) => names.join(", ") || "none", "none"),
    },
    {
      name: "project root markers",
      ...fromConfig(config?.rootMarkers, (markers) => markers.join(", ") || "none", ".git"),
    },
    { name: "skills", ...fromConfig(config?.skills, (on) => (on ? "on" : "off"), "on") },
  ];
  return {
    model: model.value,
    personality: personality.value,
    sandbox: sandbox.value,
    approval: approval.value,
    developerInstructions: config?.developerInstructions,
    maxBytes: config?.maxBytes,
    fallbackFilenames: config?.fallbackFilenames,
    rootMarkers: config?.rootMarkers,
    skills: config?.skills ?? true,
    trustedProjects: config?.trustedProjects ?? [],
    rows,
    warnings,
  };
}
