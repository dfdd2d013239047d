import type { SchemaIssue } from "@ctx/protocol";
import { lazySchema, toSchemaIssues } from "@ctx/protocol/internal";
import { z } from "zod";
import { AgentsMdError } from "./agents-md-error.js";
import { candidateFilenames, fileNameSchema } from "./candidate-filenames.js";
import { agentsMdDefaults } from "./defaults.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { fileSystemSchema } from "./file-system-schemas.js";
import type { BudgetPolicy } from "./loaded-agents-md-data.js";

const missingFileSystem =
  "expected a file system: createNodeFileSystem() of @ctx/agents-md/node on Node, createMemoryFileSystem(), or your own";

const ceilingMessage = `at most ${agentsMdDefaults.maxBudgetBytes} bytes (64 MiB), the ceiling of every budget`;

/** A byte budget: a whole number of bytes, 0 included, up to the 64 MiB ceiling. */
export const maxBytesSchema = lazySchema(() =>
  z.number().int().min(0).max(agentsMdDefaults.maxBudgetBytes, { message: ceilingMessage }),
);

/** A budget policy. */
export const budgetSchema = lazySchema(() =>
  z.enum(["root-first", "nearest-first"]),
) satisfies z.ZodType<BudgetPolicy>;

const importOptionsSchema = lazySchema(() =>
  z.strictObject({
    /** How deep imports may nest (an import inside an imported file is depth 2); default 5. */
    maxDepth: z.number().int().min(1).max(64).optional(),
  }),
);

/** The `imports` option: on, off, or on with a depth. */
export const importsSchema = lazySchema(() => z.union([z.boolean(), importOptionsSchema]));

/** Options of `@path` imports. */
export type ImportOptions = z.input<typeof importOptionsSchema>;

const settingsShape = {
  /**
   * The file system to search: `createNodeFileSystem()` of `@ctx/agents-md/node` on Node,
   * `createMemoryFileSystem()`, or your own. An environment without one uses the shared one.
   */
  fs: lazySchema(() => fileSystemSchema.optional()),
  /** Names whose presence makes a directory the project root; `[".git"]` by default, `[]`: cwd only. */
  rootMarkers: lazySchema(() => z.array(fileNameSchema.min(1)).readonly().optional()),
  /** File names (not paths) to try after `AGENTS.override.md` and `AGENTS.md`, in order. */
  fallbackFilenames: lazySchema(() => z.array(fileNameSchema).readonly().optional()),
  /** The byte budget of project files; 32,768 by default; 0 turns project files off; 64 MiB at most. */
  maxBytes: lazySchema(() => maxBytesSchema.optional()),
  /** Which files are served first when the budget is short; `root-first` by default. */
  budget: lazySchema(() => budgetSchema.optional()),
};

const environmentSchema = lazySchema(() =>
  z.strictObject({
    ...settingsShape,
    /** The environment's id, unique within one discovery. */
    id: z.string().min(1),
    /** Its working directory: an absolute path of its file system. */
    cwd: z.string().min(1),
  }),
);

const environmentsSchema = lazySchema(() => z.array(environmentSchema).min(1));

const sharedShape = {
  ...settingsShape,
  /**
   * The folder holding the global `AGENTS.override.md` / `AGENTS.md` (Codex: `$CODEX_HOME`,
   * `~/.codex` by default). Omitted: no global instructions are read.
   */
  home: lazySchema(() => z.string().min(1).optional()),
  /** The cap on the global file in bytes (1 MiB by default; 64 MiB at most). */
  maxGlobalBytes: lazySchema(() =>
    z
      .number()
      .int()
      .min(1)
      .max(agentsMdDefaults.maxBudgetBytes, { message: ceilingMessage })
      .optional(),
  ),
  /** Add a short note to the text where a file was cut; off by default. */
  truncationNote: lazySchema(() => z.boolean().optional()),
  /** Inline `@path` imports; off by default. */
  imports: lazySchema(() => importsSchema.optional()),
};

const sharedSchema = lazySchema(() => z.strictObject(sharedShape));

const singleSchema = lazySchema(() =>
  z.strictObject({
    ...sharedShape,
    /** The working directory: an absolute path of the file system. */
    cwd: z.string().min(1),
    /** The environment's id; `local` by default. */
    environment: z.string().min(1).optional(),
  }),
);

/** Options every environment of one discovery may set for itself. */
export type AgentsMdEnvironmentSettings = z.input<z.ZodObject<typeof settingsShape>>;

/** One environment of {@link discoverAgentsMdForEnvironments}. */
export type AgentsMdEnvironmentOptions = z.input<typeof environmentSchema>;

/** Options shared by every environment of one discovery. */
export type AgentsMdSharedOptions = z.input<typeof sharedSchema>;

/** Options of {@link discoverAgentsMd}. */
export type DiscoverAgentsMdOptions = z.input<typeof singleSchema>;

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
  /** Where the global file is looked for, and on which file system; `null` without `home`. */
  readonly home: { readonly path: string; readonly fs: AgentsMdFileSystem } | null;
  readonly maxGlobalBytes: number;
  readonly truncationNote: boolean;
  /** The deepest import allowed, or `null` when imports are off. */
  readonly importDepth: number | null;
}

/**
 * Validates the options of one discovery and applies the defaults.
 * @throws {AgentsMdError} `invalid-argument`, naming every offending path.
 */
export function resolveOptions(
  environments: unknown,
  options: unknown,
  style: "single" | "several" = "several",
): { environments: ResolvedEnvironment[]; shared: ResolvedShared } {
  const name = (where: "environment" | "shared", index: number, path: string) =>
    optionPath(style, where, index, path);
  const parsedEnvironments = environmentsSchema.safeParse(environments);
  const parsedShared = sharedSchema.safeParse(options === undefined ? {} : options);
  const issues: SchemaIssue[] = [];
  if (!parsedEnvironments.success) {
    for (const issue of toSchemaIssues(parsedEnvironments.error, environments)) {
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
    for (const issue of toSchemaIssues(parsedShared.error, options)) {
      issues.push({ path: name("shared", 0, issue.path), message: issue.message });
    }
  }
  if (!parsedEnvironments.success || !parsedShared.success) throw AgentsMdError.fromIssues(issues);

  const shared = parsedShared.data;
  const seen = new Set<string>();
  const resolved = parsedEnvironments.data.flatMap((environment, index): ResolvedEnvironment[] => {
    const fs = environment.fs ?? shared.fs;
    if (seen.has(environment.id)) {
      issues.push({
        path: name("environment", index, "id"),
        message: `duplicate id "${environment.id}"`,
      });
    }
    seen.add(environment.id);
    if (fs === undefined) {
      issues.push({ path: name("environment", index, "fs"), message: missingFileSystem });
      return [];
    }
    const cwdProblem = pathProblem(fs, environment.cwd);
    if (cwdProblem !== null) {
      issues.push({ path: name("environment", index, "cwd"), message: cwdProblem });
    }
    const settings: ResolvedEnvironment = {
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
    return [settings];
  });
  let home: ResolvedShared["home"] = null;
  if (shared.home !== undefined) {
    if (shared.fs === undefined) {
      // One discovery's options are its environment's too: its missing `fs` is named already.
      if (style === "several") {
        issues.push({ path: name("shared", 0, "fs"), message: `${missingFileSystem} for home` });
      }
    } else {
      const homeProblem = pathProblem(shared.fs, shared.home);
      if (homeProblem === null) home = { path: shared.home, fs: shared.fs };
      else issues.push({ path: name("shared", 0, "home"), message: homeProblem });
    }
  }
  if (issues.length > 0) throw AgentsMdError.fromIssues(issues);

  return {
    environments: resolved,
    shared: {
      home,
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

/** What is wrong with `path` as a folder of `fs` to search, or `null` when nothing is. */
function pathProblem(fs: AgentsMdFileSystem, path: string): string | null {
  if (!fs.path.isAbsolute(path)) return "expected an absolute path";
  if (path.includes("\0")) return "expected a path without a NUL byte";
  return null;
}
