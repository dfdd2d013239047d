import { defaultModelCatalog } from "@ctx/prompts";
import { type Command, Option } from "commander";
import { adapterFormats } from "./adapter-request.js";
import { approvalPolicies, personalities, sandboxModes } from "./setting-choices.js";
import { type ContextCommandFlags, showContext } from "./show-context.js";
import type { CliEnvironment } from "./terminal.js";

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
    .action(async (directory: string | undefined, flags: ContextCommandFlags) => {
      await showContext(environment, directory, flags);
    });
}
