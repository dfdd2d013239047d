import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { CodexConfigError, readCodexConfig } from "@ctx/codex-config";
import { codexHome, createNodeFileSystem } from "@ctx/codex-config/node";
import {
  type ApprovalPolicy,
  defaultModelCatalog,
  type Personality,
  type SandboxMode,
} from "@ctx/prompts";
import { loadDefaultTokenizer } from "@ctx/session";
import { utf8ByteLength } from "@ctx/text";
import { type Command, Option } from "commander";
import { type AdapterFormat, adapterFormats, toAdapterRequest } from "./adapter-request.js";
import { CliError } from "./cli-error.js";
import { codexComparison } from "./codex-comparison.js";
import { codexDefaultModel } from "./codex-model-blocks.js";
import type { ContextBlock } from "./context-blocks.js";
import { resolveContextSettings } from "./context-settings.js";
import { buildFirstTurnContext } from "./first-turn-context.js";
import { formatContextText } from "./format-context.js";
import { formatTable } from "./format-table.js";
import { processDefaults } from "./process-defaults.js";
import { approvalPolicies, personalities, sandboxModes } from "./setting-choices.js";
import { type CliEnvironment, createPaint } from "./terminal.js";
import { readToolDefinitions } from "./tool-definitions.js";
import { visibleText } from "./visible-text.js";

interface ContextFlags {
  readonly model?: string;
  readonly personality?: Personality;
  readonly sandbox?: SandboxMode;
  readonly approval?: ApprovalPolicy;
  readonly home?: string;
  readonly config: boolean;
  readonly profile?: string;
  readonly configOverride?: readonly string[];
  readonly tools?: string;
  readonly show?: string;
  readonly format: "text" | "json" | AdapterFormat;
}

/** Adds `ctx context [DIR]`: what the model would see on its first turn in DIR. */
export function addContextCommand(program: Command, environment: CliEnvironment): void {
  const slugs = defaultModelCatalog.models.map((model) => model.slug).join(", ");
  program
    .command("context")
    .description(
      "show the whole first request the model would be sent in DIR, with the settings of your Codex config.toml",
    )
    .argument("[DIR]", "the working directory (default: the current folder)")
    .addOption(
      new Option(
        "--model <SLUG>",
        `the catalog entry whose base instructions (@ctx's own wording) and context window are used; nothing else changes (known: ${slugs}; default: config.toml's model, else ctx-coder)`,
      ),
    )
    .addOption(
      new Option(
        "--personality <P>",
        "how the model is asked to sound (default: pragmatic)",
      ).choices(personalities),
    )
    .addOption(
      new Option(
        "--sandbox <MODE>",
        "what the model's commands may touch (default: config.toml's, else workspace-write in a project it trusts, read-only elsewhere)",
      ).choices(sandboxModes),
    )
    .addOption(
      new Option(
        "--approval <POLICY>",
        "when the model must ask before running a command (default: config.toml's, else on-request)",
      ).choices(approvalPolicies),
    )
    .option(
      "--profile <NAME>",
      "lay NAME.config.toml in Codex's home over config.toml, as codex --profile",
    )
    .option(
      "-c, --config-override <KEY=VALUE>",
      "override one config.toml key, as codex -c (repeatable)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      "--home <DIR>",
      "Codex's home: the global AGENTS.md, config.toml and skills (default: $CODEX_HOME, else ~/.codex)",
    )
    .option("--no-config", "leave out the settings of config.toml in Codex's home")
    .option("--tools <FILE>", "count a JSON list of tool definitions as part of the request")
    .option("--show <KIND>", "print the exact text of the block of this kind, and nothing else")
    .addOption(
      new Option(
        "--format <FORMAT>",
        "text for a person, json for the request, or what an adapter sends (see Formats)",
      )
        .choices(["text", "json", ...adapterFormats])
        .default("text"),
    )
    .addHelpText(
      "after",
      `
Formats (all but text print JSON on standard output, warnings go to standard error):
  text         one row per block: role, kind, bytes, tokens (o200k_base), source files
  json         the request itself: instructions and input
  openai       the OpenAI Responses API's instructions and input (toResponsesParams of @ctx/openai)
  openai-chat  the OpenAI Chat Completions messages (toChatCompletionsParams of @ctx/openai)
  anthropic    the Anthropic Messages API's system and messages, with cache breakpoints (toMessagesParams of @ctx/anthropic)
  ai-sdk       the AI SDK's instructions and ModelMessage[] for generateText (toPrompt of @ctx/ai-sdk)

Settings come from a flag when one is given, else from Codex's configuration as Codex 0.171
reads it (config.toml in Codex's home, the --profile file over it, a trusted project's own
.codex/config.toml files over those, -c overrides over all, the project's trust level for the
sandbox and approval defaults: see @ctx/codex-config), else
Codex's defaults; the text format shows each setting's source (file and line, profile, -c,
trust, default).

Examples:
  ctx context ../my-repo --sandbox read-only --format anthropic
  ctx context --tools tools.json --show skills_instructions`,
    )
    .action(async (directory: string | undefined, flags: ContextFlags) => {
      await showContext(environment, directory, flags);
    });
}

/** What `ctx context` prints for `flags` in `directory`. */
async function showContext(
  environment: CliEnvironment,
  directory: string | undefined,
  flags: ContextFlags,
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
