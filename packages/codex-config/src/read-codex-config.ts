import type { AgentsMdFileSystem } from "@ctx/agents-md";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkArgument } from "./check-argument.js";
import type { CodexConfig, CodexConfigFile, CodexConfigWarning } from "./codex-config.js";
import { CodexConfigError } from "./codex-config-error.js";
import { type ConfigLayer, ConfigLayers } from "./config-layers.js";
import { describeConfigSource } from "./config-source.js";
import { configTomlSchema } from "./config-toml-schema.js";
import { findProjectTrust, type ProjectTrust } from "./find-project-trust.js";
import { lineOf } from "./key-lines.js";
import { parseOverride } from "./parse-override.js";
import { readProjectLayers } from "./read-project-layers.js";
import { readToml } from "./read-toml.js";
import { resolveCodexSettings } from "./resolve-codex-settings.js";

/** The largest configuration file read by default; a real one is a few kilobytes. */
export const defaultMaxConfigBytes = 1_048_576;

/** Options of {@link readCodexConfig}. */
export interface ReadCodexConfigOptions {
  /** Codex's home, absolute: `$CODEX_HOME`, else `~/.codex`. */
  readonly home: string;
  /** The working directory, absolute: its project's trust decides the sandbox's default. */
  readonly cwd: string;
  /** Where the files are read (`createNodeFileSystem` of `@ctx/codex-config/node`, or any other). */
  readonly fs: AgentsMdFileSystem;
  /** A profile, as `codex --profile NAME`: `<home>/NAME.config.toml` laid over `config.toml`. */
  readonly profile?: string;
  /** `-c key=value` overrides, in order, laid over both files. */
  readonly overrides?: readonly string[];
  /** The largest file read, in bytes; 1 MiB when omitted. */
  readonly maxBytes?: number;
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    home: z.string().min(1),
    cwd: z.string().min(1),
    fs: z.custom<AgentsMdFileSystem>(
      (value) =>
        typeof value === "object" &&
        value !== null &&
        "open" in value &&
        typeof value.open === "function" &&
        "stat" in value &&
        typeof value.stat === "function" &&
        "path" in value,
      { message: "expected a file system (open, stat, path)" },
    ),
    profile: z
      .string()
      .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/, "a profile name (letters, digits, . _ -)")
      .optional(),
    overrides: z.array(z.string()).optional(),
    maxBytes: z.number().int().positive().optional(),
  }),
);

/**
 * Codex's configuration for one working directory, read as Codex 0.171 reads it: `config.toml`
 * in `home`; with `profile`, `<profile>.config.toml` beside it laid over it (tables merge key by
 * key, other values replace); in a project those trust (`[projects."<path>"] trust_level`, for
 * the working directory or its Git root), the project's own `.codex/config.toml` files over
 * those, from the project's folder down to the working directory; the `overrides` over all;
 * then the project's trust level for the sandbox and approval defaults. A missing file reads as
 * empty.
 *
 * @throws {CodexConfigError} `invalid-argument`; `not-a-file`, `too-large`, `not-utf8`,
 * `read-failed` for a file Codex could not read either; `invalid-toml` (with the line);
 * `invalid-value` naming the key and where it was set; `invalid-override`; `legacy-profile` for
 * a `profile` key, or a `[profiles.<name>]` table with `profile` given, which Codex 0.171
 * refuses.
 */
export async function readCodexConfig(options: ReadCodexConfigOptions): Promise<CodexConfig> {
  const { home, cwd, fs, profile, overrides, maxBytes } = checkArgument(
    "options",
    options,
    optionsSchema,
  );
  const limit = maxBytes ?? defaultMaxConfigBytes;
  const below: ConfigLayer[] = [];
  const files: CodexConfigFile[] = [];
  const warnings: CodexConfigWarning[] = [];
  const userPath = fs.path.join(home, "config.toml");
  const user = await readToml(fs, userPath, limit);
  files.push({ path: userPath, found: user !== undefined });
  if (user !== undefined) {
    const { profiles, ...rest } = user.document;
    if (Object.hasOwn(rest, "profile")) {
      throw legacyProfile(`${userPath}:${lineOf(user.lines, ["profile"])}`, String(rest.profile));
    }
    if (profiles !== undefined) {
      if (profile !== undefined && isTable(profiles) && Object.hasOwn(profiles, profile)) {
        throw legacyProfile(`${userPath}:${lineOf(user.lines, ["profiles", profile])}`, profile);
      }
      warnings.push({
        code: "legacy-profiles-ignored",
        path: userPath,
        message: `${userPath}:${lineOf(user.lines, ["profiles"])} has [profiles.*] tables, which Codex 0.171 ignores: a profile is a file <name>.config.toml beside config.toml, chosen with --profile`,
      });
    }
    below.push({
      path: [],
      value: rest,
      sourceOf: (path) => ({ kind: "file", path: userPath, line: lineOf(user.lines, path) }),
    });
  }
  if (profile !== undefined) {
    const profilePath = fs.path.join(home, `${profile}.config.toml`);
    const layer = await readToml(fs, profilePath, limit);
    files.push({ path: profilePath, profile, found: layer !== undefined });
    if (layer === undefined) {
      warnings.push({
        code: "profile-not-found",
        path: profilePath,
        message: `profile ${profile} has no file ${profilePath}; Codex then runs without it, and so does this reading`,
      });
    } else {
      below.push({
        path: [],
        value: layer.document,
        sourceOf: (path) => ({
          kind: "file",
          path: profilePath,
          line: lineOf(layer.lines, path),
          profile,
        }),
      });
    }
  }
  const above: ConfigLayer[] = [];
  for (const text of overrides ?? []) {
    const override = parseOverride(text);
    if (override.path.length === 1 && override.path[0] === "profile") {
      throw legacyProfile(`-c ${text}`, String(override.value));
    }
    above.push({
      path: override.path,
      value: override.value,
      sourceOf: () => ({ kind: "override", override: text }),
    });
  }
  // The project's own files count only where the other layers trust the project; once laid,
  // they may lower that trust, as Codex 0.171 lets them.
  const outside = await mergeLayers([...below, ...above], cwd, fs);
  const project = await readProjectLayers({ trust: outside.trust, cwd, fs, maxBytes: limit });
  files.push(...project.files);
  warnings.push(...project.warnings);
  const { toml, layers, trust } =
    project.layers.length === 0
      ? outside
      : await mergeLayers([...below, ...project.layers, ...above], cwd, fs);
  const settings = await resolveCodexSettings({ toml, layers, trust, cwd, fs, maxBytes: limit });
  return { home, files, profile, trust, ...settings, warnings };
}

/**
 * The layers merged and checked against what Codex accepts, and the trust they give `cwd`'s
 * project, with the entry's source.
 *
 * @throws {CodexConfigError} `invalid-value` naming the key and where it was set.
 */
async function mergeLayers(list: readonly ConfigLayer[], cwd: string, fs: AgentsMdFileSystem) {
  const layers = ConfigLayers.from(list);
  const parsed = configTomlSchema.safeParse(layers.document());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.filter((part) => typeof part !== "symbol") ?? [];
    const source = layers.sourceOf(path.map(String));
    throw new CodexConfigError(
      "invalid-value",
      `${source === undefined ? "" : `${describeConfigSource(source)}: `}${path.join(".")} is not a value Codex accepts (${issue?.message ?? "invalid"})`,
      ...(source?.kind === "file" ? [{ path: source.path }] : []),
    );
  }
  const found = await findProjectTrust(parsed.data.projects ?? {}, cwd, fs);
  const trustSource =
    found.project === undefined
      ? undefined
      : layers.sourceOf(["projects", found.project, "trust_level"]);
  const trust: ProjectTrust = trustSource === undefined ? found : { ...found, source: trustSource };
  return { toml: parsed.data, layers, trust };
}

function legacyProfile(where: string, name: string): CodexConfigError {
  return new CodexConfigError(
    "legacy-profile",
    `${where} selects profile ${name} the old way, which Codex 0.171 refuses: put its settings in ${name}.config.toml beside config.toml and pass --profile ${name}`,
  );
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
