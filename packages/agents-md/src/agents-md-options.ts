import { type SchemaIssue, toSchemaIssues } from "@ctx/protocol";
import { z } from "zod";
import { AgentsMdError } from "./agents-md-error.js";
import { candidateFilenames } from "./candidate-filenames.js";
import { agentsMdDefaults } from "./defaults.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import type { BudgetPolicy } from "./loaded-agents-md.js";
import { createNodeFileSystem } from "./node-file-system.js";

/** Options of `@path` imports. */
export interface ImportOptions {
  /** How deep imports may nest (an import inside an imported file is depth 2); default 5. */
  readonly maxDepth?: number | undefined;
}

/** Options every environment of one discovery may set for itself. */
export interface AgentsMdEnvironmentSettings {
  /** The file system to search; Node's by default. */
  readonly fs?: AgentsMdFileSystem | undefined;
  /** Names whose presence makes a directory the project root; `[".git"]` by default, `[]`: cwd only. */
  readonly rootMarkers?: readonly string[] | undefined;
  /** Names to try after `AGENTS.override.md` and `AGENTS.md`, in order. */
  readonly fallbackFilenames?: readonly string[] | undefined;
  /** The byte budget of project files; 32,768 by default; 0 turns project files off. */
  readonly maxBytes?: number | undefined;
  /** Which files are served first when the budget is short; `root-first` by default. */
  readonly budget?: BudgetPolicy | undefined;
}

/** One environment of {@link discoverAgentsMdForEnvironments}. */
export interface AgentsMdEnvironmentOptions extends AgentsMdEnvironmentSettings {
  /** The environment's id, unique within one discovery. */
  readonly id: string;
  /** Its working directory: an absolute path of its file system. */
  readonly cwd: string;
}

/** Options shared by every environment of one discovery. */
export interface AgentsMdSharedOptions extends AgentsMdEnvironmentSettings {
  /**
   * The folder holding the global `AGENTS.override.md` / `AGENTS.md` (Codex: `$CODEX_HOME`,
   * `~/.codex` by default). Omitted: no global instructions are read.
   */
  readonly home?: string | undefined;
  /** The cap on the global file in bytes (1 MiB by default; `Infinity` for none). */
  readonly maxGlobalBytes?: number | undefined;
  /** Add a short note to the text where a file was cut; off by default. */
  readonly truncationNote?: boolean | undefined;
  /** Inline `@path` imports; off by default. */
  readonly imports?: boolean | ImportOptions | undefined;
}

/** Options of {@link discoverAgentsMd}. */
export interface DiscoverAgentsMdOptions extends AgentsMdSharedOptions {
  /** The working directory: an absolute path of the file system. */
  readonly cwd: string;
  /** The environment's id; `local` by default. */
  readonly environment?: string | undefined;
}

/** Settings of one environment, defaults applied. */
export interface ResolvedEnvironment {
  readonly id: string;
  readonly cwd: string;
  readonly fs: AgentsMdFileSystem;
  readonly rootMarkers: readonly string[];
  readonly candidateFilenames: readonly string[];
  readonly maxBytes: number;
  readonly budget: BudgetPolicy;
}

/** Settings shared by every environment, defaults applied. */
export interface ResolvedShared {
  readonly home: string | null;
  readonly fs: AgentsMdFileSystem;
  readonly maxGlobalBytes: number;
  readonly truncationNote: boolean;
  /** The deepest import allowed, or `null` when imports are off. */
  readonly importDepth: number | null;
}

/** Accepts an object with the members of {@link AgentsMdFileSystem}. */
export const fileSystemSchema = z.custom<AgentsMdFileSystem>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    ["stat", "realpath", "readFile"].every(
      (name) => typeof (value as Record<string, unknown>)[name] === "function",
    ) &&
    typeof (value as { path?: unknown }).path === "object",
  { message: "expected a file system with path, stat, realpath and readFile" },
);

/** A byte budget: a whole number of bytes, 0 included. */
export const maxBytesSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A budget policy. */
export const budgetSchema = z.enum(["root-first", "nearest-first"]);

/** The `imports` option: on, off, or on with a depth. */
export const importsSchema = z.union([
  z.boolean(),
  z.strictObject({ maxDepth: z.number().int().min(1).optional() }),
]);

const settingsShape = {
  fs: fileSystemSchema.optional(),
  rootMarkers: z.array(z.string().min(1)).readonly().optional(),
  fallbackFilenames: z.array(z.string()).readonly().optional(),
  maxBytes: maxBytesSchema.optional(),
  budget: budgetSchema.optional(),
};

const environmentsSchema = z
  .array(z.strictObject({ ...settingsShape, id: z.string().min(1), cwd: z.string().min(1) }))
  .min(1);

const sharedSchema = z.strictObject({
  ...settingsShape,
  home: z.string().min(1).optional(),
  maxGlobalBytes: z
    .union([
      z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
      z.literal(Number.POSITIVE_INFINITY),
    ])
    .optional(),
  truncationNote: z.boolean().optional(),
  imports: importsSchema.optional(),
});

/**
 * Validates the options of one discovery and applies the defaults.
 * @throws {AgentsMdError} `invalid-options`, naming every offending path.
 */
export function resolveOptions(
  environments: unknown,
  options: unknown,
  style: "single" | "several" = "several",
): { environments: ResolvedEnvironment[]; shared: ResolvedShared } {
  const name = (where: "environment" | "shared", index: number, path: string) =>
    optionPath(style, where, index, path);
  const parsedEnvironments = environmentsSchema.safeParse(environments);
  const parsedShared = sharedSchema.safeParse(options ?? {});
  const issues: SchemaIssue[] = [];
  if (!parsedEnvironments.success) {
    for (const issue of schemaIssues(parsedEnvironments.error)) {
      const match = /^\[(\d+)\]\.?(.*)$/.exec(issue.path);
      const path =
        match === null
          ? style === "single"
            ? issue.path
            : `environments${issue.path === "" ? "" : `.${issue.path}`}`
          : name("environment", Number(match[1]), match[2] ?? "");
      issues.push({ path, message: issue.message });
    }
  }
  if (!parsedShared.success) {
    for (const issue of schemaIssues(parsedShared.error)) {
      issues.push({ path: name("shared", 0, issue.path), message: issue.message });
    }
  }
  if (!parsedEnvironments.success || !parsedShared.success) throw AgentsMdError.fromIssues(issues);

  const shared = parsedShared.data;
  const sharedFs = shared.fs ?? createNodeFileSystem();
  const seen = new Set<string>();
  const resolved = parsedEnvironments.data.map((environment, index): ResolvedEnvironment => {
    const fs = environment.fs ?? sharedFs;
    if (seen.has(environment.id)) {
      issues.push({
        path: name("environment", index, "id"),
        message: `duplicate id "${environment.id}"`,
      });
    }
    seen.add(environment.id);
    if (!fs.path.isAbsolute(environment.cwd)) {
      issues.push({
        path: name("environment", index, "cwd"),
        message: "expected an absolute path",
      });
    }
    return {
      id: environment.id,
      cwd: environment.cwd,
      fs,
      rootMarkers: environment.rootMarkers ?? shared.rootMarkers ?? agentsMdDefaults.rootMarkers,
      candidateFilenames: candidateFilenames(
        environment.fallbackFilenames ?? shared.fallbackFilenames,
      ),
      maxBytes: environment.maxBytes ?? shared.maxBytes ?? agentsMdDefaults.maxBytes,
      budget: environment.budget ?? shared.budget ?? agentsMdDefaults.budget,
    };
  });
  if (shared.home !== undefined && !sharedFs.path.isAbsolute(shared.home)) {
    issues.push({ path: name("shared", 0, "home"), message: "expected an absolute path" });
  }
  if (issues.length > 0) throw AgentsMdError.fromIssues(issues);

  return {
    environments: resolved,
    shared: {
      home: shared.home ?? null,
      fs: sharedFs,
      maxGlobalBytes: shared.maxGlobalBytes ?? agentsMdDefaults.maxGlobalBytes,
      truncationNote: shared.truncationNote ?? false,
      importDepth: importDepthOf(shared.imports),
    },
  };
}

/** The deepest import the `imports` option allows, or `null` when imports are off. */
export function importDepthOf(imports: boolean | ImportOptions | undefined): number | null {
  if (imports === undefined || imports === false) return null;
  if (imports === true) return agentsMdDefaults.importDepth;
  return imports.maxDepth ?? agentsMdDefaults.importDepth;
}

/**
 * Where an option lives, as the caller wrote it: `cwd` for one environment,
 * `environments[1].cwd` for several.
 */
function optionPath(
  style: "single" | "several",
  where: "environment" | "shared",
  index: number,
  path: string,
): string {
  if (style === "single") return where === "environment" && path === "id" ? "environment" : path;
  if (where === "shared") return path;
  return path === "" ? `environments[${index}]` : `environments[${index}].${path}`;
}

/** Zod's issues with readable paths; an unknown key becomes an issue at that key. */
function schemaIssues(error: z.ZodError): SchemaIssue[] {
  const known = toSchemaIssues(error);
  return error.issues.flatMap((issue, index) => {
    const readable = known[index] ?? { path: "", message: issue.message };
    if (issue.code !== "unrecognized_keys") return [readable];
    return issue.keys.map((key) => ({
      path: readable.path === "" ? key : `${readable.path}.${key}`,
      message: "unknown option",
    }));
  });
}
