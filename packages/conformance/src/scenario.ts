import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { ConformanceError } from "./conformance-error.js";

const treeEntrySchema = z.union([
  z.strictObject({ path: z.string().min(1), text: z.string() }),
  z.strictObject({ path: z.string().min(1), base64: z.string() }),
  z.strictObject({ path: z.string().min(1), directory: z.literal(true) }),
  z.strictObject({ path: z.string().min(1), symlink: z.string().min(1) }),
  /** A copy of one of the real trees of `@ctx/fixtures` (`agents-trees/`), with `.git` created at its root. */
  z.strictObject({ path: z.string().min(1), fixtureTree: z.string().min(1) }),
  z.strictObject({ path: z.string().min(1), fifo: z.literal(true) }),
  z.strictObject({ path: z.string().min(1), remove: z.literal(true) }),
]);

const granularSchema = z.strictObject({
  sandboxApproval: z.boolean(),
  rules: z.boolean(),
  skillApproval: z.boolean(),
  requestPermissions: z.boolean(),
  mcpElicitations: z.boolean(),
});

const settingsSchema = z.strictObject({
  sandboxMode: z.enum(["read-only", "workspace-write", "danger-full-access"]).optional(),
  approvalPolicy: z.enum(["on-request", "on-failure", "never", "granular"]).optional(),
  granularApprovals: granularSchema.optional(),
  approvalsReviewer: z.enum(["user", "auto_review"]).optional(),
  /** Extra writable roots, relative to the scenario's folder. */
  writableRoots: z.array(z.string().min(1)).optional(),
  networkAccess: z.boolean().optional(),
  includeDate: z.boolean().optional(),
  includeEnvironmentContext: z.boolean().optional(),
  includePermissions: z.boolean().optional(),
  maxBytes: z.number().int().nonnegative().optional(),
  fallbackFilenames: z.array(z.string()).optional(),
  rootMarkers: z.array(z.string()).optional(),
  developerInstructions: z.string().optional(),
  /** Codex's model slug; `gpt-6-astra` when omitted. */
  model: z.string().min(1).optional(),
  /** The personality (Codex's `personality`); the model's default when omitted. */
  personality: z.enum(["friendly", "pragmatic", "none"]).optional(),
  /**
   * The skills catalogue on (Codex's `skills.include_instructions`), with Codex's bundled skills
   * off so that both sides list the scenario's `SKILL.md` files alone; off when omitted.
   */
  skills: z.boolean().optional(),
  /**
   * Codex feature flags to switch on (`features.<name>=true`), for fragments only Codex sends:
   * @ctx's side takes nothing from them, and the `recognised` check reads, in its role, what
   * Codex then sends.
   */
  codexFeatures: z.array(z.string().regex(/^[a-z][a-z0-9_]*$/)).optional(),
  /**
   * A file of the scenario's tree, relative to its folder, holding the base instructions
   * (Codex's `model_instructions_file`; @ctx's `baseInstructions`, read from the same file).
   */
  modelInstructionsFile: z.string().min(1).optional(),
});

/**
 * A Codex configuration both sides read, as Codex 0.171 reads it (`@ctx/codex-config` on our
 * side): `config.toml` and profile files in `CODEX_HOME` (`{base}` in their text stands for the
 * scenario's folder, for trust entries), the profile chosen with `--profile`, and `-c` overrides
 * given as written. Its sandbox, approvals, writable roots, network and developer instructions
 * apply where `settings` leaves them out.
 */
const codexConfigSchema = z.strictObject({
  toml: z.string().optional(),
  profiles: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), z.string()).optional(),
  profile: z.string().min(1).optional(),
  overrides: z.array(z.string().min(1)).optional(),
});

const turnSchema = z.strictObject({
  prompt: z.string().min(1),
  /** Relative to the scenario's folder; the previous turn's when omitted. */
  cwd: z.string().optional(),
  /** Settings that change from this turn on. */
  settings: settingsSchema.optional(),
  /** Changes to the tree made before this turn. */
  edits: z.array(treeEntrySchema).optional(),
  /**
   * The mock reports this many tokens used by the answer to this turn's first request, to Codex
   * and, through `session.reportUsage`, to @ctx, so both compare the same usage with the limit.
   */
  reportTokens: z.number().int().positive().optional(),
  /** The mock answers this turn's first request with a tool call, so the turn needs a follow-up. */
  toolCall: z.boolean().optional(),
  /**
   * The turn runs in a fork of the session as it stands (Codex: `codex exec fork`; @ctx:
   * `forkSession`), and the later turns resume the fork.
   */
  fork: z.boolean().optional(),
  /**
   * A manual compaction before the turn (Codex: `thread/compact/start` of its app server; @ctx:
   * `session.compact()`). A scenario with one runs through Codex's app server, whose turns
   * take the scenario's settings only.
   */
  compactBefore: z.boolean().optional(),
  /**
   * Before the turn, drop this many of the latest turns (Codex: `thread/revert` of its app
   * server, before the first of them; @ctx: `session.rollback`); through the app server too.
   */
  rollbackBefore: z.number().int().positive().optional(),
});

const scenarioSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "a kebab-case name"),
  description: z.string().min(1),
  /** The scenario's files, relative to its folder. */
  tree: z.array(treeEntrySchema).default([]),
  /** The global instruction files, relative to `CODEX_HOME`. */
  home: z.array(treeEntrySchema).default([]),
  /** The working directory, relative to the scenario's folder. */
  cwd: z.string().default("."),
  settings: settingsSchema.default({}),
  /** A configuration in `CODEX_HOME` both sides read (first turns only). */
  codexConfig: codexConfigSchema.optional(),
  /** The project files @ctx must report as discovery sources, relative to the scenario's folder. */
  sources: z.array(z.string()).optional(),
  /** Later turns (run with `codex exec resume`); without them the scenario is a first turn. */
  turns: z.array(turnSchema).optional(),
  /**
   * For multi-turn scenarios: the layout of every request Codex sent after the first, one line
   * per message (`role: kind, kind`), as recorded; a change in Codex shows up here.
   */
  codexRequests: z.array(z.array(z.string())).optional(),
});

/** One file, folder, link or removal of a scenario's tree. */
export type TreeEntry = z.infer<typeof treeEntrySchema>;
/** The settings a scenario runs under, the same for Codex and for @ctx. */
export type ScenarioSettings = z.infer<typeof settingsSchema>;
/** A Codex configuration a scenario gives both sides. */
export type ScenarioCodexConfig = z.infer<typeof codexConfigSchema>;
/** One later turn of a multi-turn scenario. */
export type ScenarioTurn = z.infer<typeof turnSchema>;
/** One scenario: a file tree, a global AGENTS.md, a working directory, settings and turns. */
export type Scenario = z.infer<typeof scenarioSchema>;

/** The folder holding the scenario files of this package. */
export const scenarioFolder = join(import.meta.dirname, "..", "scenarios");

/**
 * Every scenario of the `*.json` files in `folder` (each file holds a list), in file order.
 *
 * @throws {ConformanceError} when a file does not parse or two scenarios share a name.
 */
export async function loadScenarios(folder: string = scenarioFolder): Promise<Scenario[]> {
  const files = (await readdir(folder)).filter((name) => name.endsWith(".json")).sort();
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const parsed = z
      .array(scenarioSchema)
      .safeParse(JSON.parse(await readFile(join(folder, file), "utf8")));
    if (!parsed.success) {
      throw new ConformanceError("invalid-scenario", `${file}: ${z.prettifyError(parsed.error)}`);
    }
    scenarios.push(...parsed.data);
  }
  const names = new Set<string>();
  for (const scenario of scenarios) {
    if (names.has(scenario.name))
      throw new ConformanceError("invalid-scenario", `two scenarios are named ${scenario.name}`);
    names.add(scenario.name);
  }
  return scenarios;
}
