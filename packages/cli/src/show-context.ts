import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { CodexConfigError, readCodexConfig } from "@ctx/codex-config";
import { codexHome, createNodeFileSystem } from "@ctx/codex-config/node";
import { loadDefaultTokenizer } from "@ctx/session";
import { utf8ByteLength } from "@ctx/text";
import { type AdapterFormat, toAdapterRequest } from "./adapter-request.js";
import { CliError } from "./cli-error.js";
import { codexComparison } from "./codex-comparison.js";
import { codexDefaultModel } from "./codex-model-blocks.js";
import type { ContextBlock } from "./context-blocks.js";
import { type ContextFlags, resolveContextSettings } from "./context-settings.js";
import { buildFirstTurnContext } from "./first-turn-context.js";
import { formatContextText } from "./format-context.js";
import { formatTable } from "./format-table.js";
import { processDefaults } from "./process-defaults.js";
import { type CliEnvironment, createPaint } from "./terminal.js";
import { readToolDefinitions } from "./tool-definitions.js";
import { visibleText } from "./visible-text.js";

/** The flags of `ctx context`, as commander parses them. */
export interface ContextCommandFlags extends ContextFlags {
  readonly home?: string;
  readonly config: boolean;
  readonly profile?: string;
  readonly configOverride?: readonly string[];
  readonly tools?: string;
  readonly show?: string;
  readonly format: "text" | "json" | AdapterFormat;
}

/** What `ctx context` prints for `flags` in `directory`. */
export async function showContext(
  environment: CliEnvironment,
  directory: string | undefined,
  flags: ContextCommandFlags,
): Promise<void> {
  const cwd = resolve(environment.cwd, directory ?? ".");
  const userHome = environment.env.HOME ?? homedir();
  const home =
    flags.home !== undefined
      ? { path: resolve(environment.cwd, flags.home), source: "flag" as const }
      : codexHome(environment);
  const configPath = join(home.path, "config.toml");
  const config = flags.config
    ? await readCodexConfig({
        home: home.path,
        cwd,
        fs: createNodeFileSystem({ blocking: true }),
        ...(flags.profile === undefined ? {} : { profile: flags.profile }),
        overrides: flags.configOverride ?? [],
      }).catch((error: unknown) => {
        if (CodexConfigError.isInstance(error)) {
          throw new CliError("failure", error.message, { cause: error });
        }
        throw error;
      })
    : undefined;
  const settings = resolveContextSettings({
    flags,
    config,
    home,
    configFile: !flags.config
      ? { value: "not read (--no-config)", source: "flag" }
      : {
          value:
            config?.files
              .map((file) => (file.found ? file.path : `none (${file.path})`))
              .join(", ") ?? configPath,
          source: flags.profile === undefined ? home.source : `${home.source}, --profile`,
        },
  });
  const context = await buildFirstTurnContext({
    cwd,
    home: home.path,
    model: settings.model,
    personality: settings.personality,
    sandbox: settings.sandbox,
    approval: settings.approval,
    ...(settings.granularApprovals === undefined
      ? {}
      : { granularApprovals: settings.granularApprovals }),
    writableRoots: settings.writableRoots,
    networkAccess: settings.networkAccess,
    includePermissions: settings.includePermissions,
    includeEnvironmentContext: settings.includeEnvironmentContext,
    includeDate: settings.includeDate,
    ...(settings.baseInstructions === undefined
      ? {}
      : { baseInstructions: settings.baseInstructions }),
    ...(settings.contextWindow === undefined ? {} : { contextWindow: settings.contextWindow }),
    ...processDefaults(environment),
    now: new Date(),
    ...(settings.developerInstructions === undefined
      ? {}
      : { developerInstructions: settings.developerInstructions }),
    ...(settings.maxBytes === undefined ? {} : { maxBytes: settings.maxBytes }),
    ...(settings.fallbackFilenames === undefined
      ? {}
      : { fallbackFilenames: settings.fallbackFilenames }),
    ...(settings.rootMarkers === undefined ? {} : { rootMarkers: settings.rootMarkers }),
    ...(settings.skills
      ? {
          skills: {
            codexHome: home.path,
            home: userHome,
            trusted: settings.trusted,
          },
        }
      : {}),
  });
  const tools =
    flags.tools === undefined
      ? undefined
      : await readToolDefinitions(resolve(environment.cwd, flags.tools));
  const blocks: ContextBlock[] = [
    ...context.blocks,
    ...(tools === undefined
      ? []
      : [
          {
            role: "tools" as const,
            kind: "tool_definitions",
            sources: [tools.path],
            text: tools.text,
          },
        ]),
  ];
  const warnings = [...settings.warnings, ...context.warnings];
  if (flags.show !== undefined) {
    const shown = blocks.filter((block) => block.kind === flags.show);
    const first = shown[0];
    if (first === undefined) {
      const kinds = [...new Set(blocks.map((block) => block.kind))].join(", ");
      throw new CliError(
        "usage",
        `no block of kind ${flags.show} in this request (its kinds: ${kinds})`,
      );
    }
    if (shown.length > 1) {
      const warn = createPaint(environment.stderr, environment.env)("yellow", "warning:");
      environment.stderr.write(
        `${warn} ${shown.length} blocks are of kind ${flags.show}; the first is shown\n`,
      );
    }
    environment.stdout.write(first.text);
    return;
  }
  if (flags.format !== "text") {
    const request = {
      ...context.request,
      ...(tools === undefined || flags.format !== "json" ? {} : { tools: tools.tools }),
    };
    const sent = flags.format === "json" ? request : await toAdapterRequest(flags.format, request);
    const warn = createPaint(environment.stderr, environment.env)("yellow", "warning:");
    if (tools !== undefined && flags.format !== "json") {
      environment.stderr.write(
        `${warn} --tools is sent with --format json only; ${flags.format} leaves the tools out\n`,
      );
    }
    for (const warning of warnings) {
      environment.stderr.write(`${warn} ${visibleText(warning.message)}\n`);
    }
    environment.stdout.write(`${JSON.stringify(sent, null, 2)}\n`);
    return;
  }
  const paint = createPaint(environment.stdout, environment.env);
  environment.stdout.write(
    formatContextText(
      { blocks, warnings },
      `First turn in ${cwd}`,
      paint,
      await loadDefaultTokenizer(),
      {
        afterHeading: [
          ...formatTable(
            [
              ["setting", "value", "source"],
              ...settings.rows.map((row) => [row.name, row.value, row.source]),
            ],
            ["left", "left", "left"],
            (row, _column, cell) => (row === 0 ? paint("bold", cell) : cell),
          ),
          "",
        ],
        atEnd: codexComparison({
          codexModel: flags.model ?? config?.model ?? codexDefaultModel,
          model: settings.model,
          personality: settings.personality,
          instructions: context.request.instructions,
          ...(settings.contextWindow === undefined
            ? {}
            : { contextWindow: settings.contextWindow }),
          baseFromFile: settings.baseInstructions !== undefined,
          permissionsBytes: bytesOf(blocks, "permissions_instructions"),
          withTools: tools !== undefined,
          skills: settings.skills,
          bundledSkills: config?.skills.bundled ?? true,
          onRequest:
            context.skills?.skills.filter((skill) => !skill.implicitInvocation).length ?? 0,
        }).map((line) => paint("dim", line)),
      },
    ),
  );
}

/** The size of the first block of `kind`, when there is one. */
function bytesOf(blocks: readonly ContextBlock[], kind: string): number | undefined {
  const block = blocks.find((candidate) => candidate.kind === kind);
  return block === undefined ? undefined : utf8ByteLength(block.text);
}
