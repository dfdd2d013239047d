import { readFile } from "node:fs/promises";
import type { ApprovalPolicy, Personality, SandboxMode } from "@ctx/prompts";
import { lazySchema } from "@ctx/protocol/internal";
import { parse, TomlError } from "smol-toml";
import { z } from "zod";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";
import { approvalPolicies, personalities, sandboxModes } from "./setting-choices.js";

/** The largest `config.toml` read; a real one is a few kilobytes. */
const maxConfigBytes = 1_048_576;

const fileName = lazySchema(() =>
  z
    .string()
    .min(1)
    .refine((name) => !/[\\/]/.test(name) && name !== "." && name !== "..", "a file name"),
);

/** A schema for one of `choices`. */
function oneOf<Choice extends string>(choices: readonly Choice[]) {
  return z.custom<Choice>(
    (value) => typeof value === "string" && (choices as readonly string[]).includes(value),
    { message: `expected one of ${choices.join(", ")}` },
  );
}

/**
 * The keys of Codex's `config.toml` that change the first request, checked; every other key
 * (providers, MCP servers, profiles, …) is left alone.
 */
const configSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1).optional(),
    personality: oneOf(personalities).optional(),
    sandbox_mode: oneOf(sandboxModes).optional(),
    approval_policy: z.union([oneOf(approvalPolicies), z.looseObject({})]).optional(),
    developer_instructions: z.string().optional(),
    project_doc_max_bytes: z.number().int().min(0).max(67_108_864).optional(),
    project_doc_fallback_filenames: z.array(fileName).optional(),
    project_root_markers: z.array(fileName).optional(),
    skills: z.looseObject({ include_instructions: z.boolean().optional() }).optional(),
    projects: z
      .record(z.string(), z.looseObject({ trust_level: z.string().optional() }))
      .optional(),
  }),
);

/** The settings of a Codex `config.toml` that shape the first request. */
export interface CodexConfig {
  /** The file read. */
  readonly path: string;
  readonly model?: string;
  readonly personality?: Personality;
  readonly sandbox?: SandboxMode;
  /** The approval policy; `granular` when the file gives a table, which `ctx` cannot show. */
  readonly approval?: ApprovalPolicy | "granular";
  readonly developerInstructions?: string;
  readonly maxBytes?: number;
  readonly fallbackFilenames?: readonly string[];
  readonly rootMarkers?: readonly string[];
  /** Whether the skills catalogue is sent (`skills.include_instructions`). */
  readonly skills?: boolean;
  /** The projects the user trusts (`trust_level = "trusted"`), by path. */
  readonly trustedProjects: readonly string[];
}

/**
 * The user's Codex configuration at `path`, or `undefined` when there is no such file.
 *
 * @throws {CliError} `failure` when the file cannot be read, is not TOML, or gives one of the
 * keys above a value Codex would refuse (the message names the key).
 */
export async function readCodexConfig(path: string): Promise<CodexConfig | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw fileFailure(error, path, "read");
  }
  if (bytes.length > maxConfigBytes) {
    throw new CliError("failure", `${path} is larger than ${maxConfigBytes} bytes`);
  }
  let document: unknown;
  try {
    document = parse(bytes.toString("utf8"));
  } catch (error) {
    const detail =
      error instanceof TomlError
        ? `line ${error.line}: ${error.message.split("\n")[0]}`
        : String(error);
    throw new CliError("failure", `${path} is not valid TOML (${detail})`, { cause: error });
  }
  const parsed = configSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join(".") ?? "";
    throw new CliError(
      "failure",
      `${path}: ${key} is not a value Codex accepts (${issue?.message ?? "invalid"})`,
    );
  }
  const config = parsed.data;
  const approval = config.approval_policy;
  return {
    path,
    ...(config.model === undefined ? {} : { model: config.model }),
    ...(config.personality === undefined ? {} : { personality: config.personality }),
    ...(config.sandbox_mode === undefined ? {} : { sandbox: config.sandbox_mode }),
    ...(approval === undefined
      ? {}
      : { approval: typeof approval === "string" ? approval : "granular" }),
    ...(config.developer_instructions === undefined
      ? {}
      : { developerInstructions: config.developer_instructions }),
    ...(config.project_doc_max_bytes === undefined
      ? {}
      : { maxBytes: config.project_doc_max_bytes }),
    ...(config.project_doc_fallback_filenames === undefined
      ? {}
      : { fallbackFilenames: config.project_doc_fallback_filenames }),
    ...(config.project_root_markers === undefined
      ? {}
      : { rootMarkers: config.project_root_markers }),
    ...(config.skills?.include_instructions === undefined
      ? {}
      : { skills: config.skills.include_instructions }),
    trustedProjects: Object.entries(config.projects ?? {})
      .filter(([, project]) => project.trust_level === "trusted")
      .map(([project]) => project),
  };
}
