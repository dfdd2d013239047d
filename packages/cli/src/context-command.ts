import { resolve } from "node:path";
import {
  type ApprovalPolicy,
  defaultModelCatalog,
  type Personality,
  type SandboxMode,
} from "@ctx/prompts";
import { loadDefaultTokenizer } from "@ctx/session";
import { type Command, Option } from "commander";
import { type AdapterFormat, adapterFormats, toAdapterRequest } from "./adapter-request.js";
import { codexHome } from "./codex-home.js";
import { buildFirstTurnContext } from "./first-turn-context.js";
import { formatContextText } from "./format-context.js";
import { approvalPolicies, personalities, sandboxModes } from "./setting-choices.js";
import { type CliEnvironment, createPaint } from "./terminal.js";

interface ContextFlags {
  readonly model: string;
  readonly personality: Personality;
  readonly sandbox: SandboxMode;
  readonly approval: ApprovalPolicy;
  readonly home?: string;
  readonly format: "text" | "json" | AdapterFormat;
}

/** Adds `ctx context [DIR]`: what the model would see on its first turn in DIR. */
export function addContextCommand(program: Command, environment: CliEnvironment): void {
  const slugs = defaultModelCatalog.models.map((model) => model.slug).join(", ");
  program
    .command("context")
    .description("show what the model would see on its first turn in DIR, on embedded defaults")
    .argument("[DIR]", "the working directory (default: the current folder)")
    .addOption(
      new Option(
        "--model <SLUG>",
        `the model whose instructions are sent (known: ${slugs})`,
      ).default("ctx-coder"),
    )
    .addOption(
      new Option("--personality <P>", "how the model is asked to sound")
        .choices(personalities)
        .default("pragmatic"),
    )
    .addOption(
      new Option("--sandbox <MODE>", "what the model's commands may touch")
        .choices(sandboxModes)
        .default("workspace-write"),
    )
    .addOption(
      new Option("--approval <POLICY>", "when the model must ask before running a command")
        .choices(approvalPolicies)
        .default("on-request"),
    )
    .option(
      "--home <DIR>",
      "the folder holding the global AGENTS.md (default: $CODEX_HOME, else ~/.codex)",
    )
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

Example:
  ctx context ../my-repo --sandbox read-only --format anthropic`,
    )
    .action(async (directory: string | undefined, flags: ContextFlags) => {
      const cwd = resolve(environment.cwd, directory ?? ".");
      const home =
        flags.home === undefined
          ? codexHome(environment.env)
          : resolve(environment.cwd, flags.home);
      const context = await buildFirstTurnContext({
        cwd,
        home: resolve(environment.cwd, home),
        model: flags.model,
        personality: flags.personality,
        sandbox: flags.sandbox,
        approval: flags.approval,
        shell: environment.env.SHELL?.split("/").at(-1) || "bash",
        now: new Date(),
      });
      if (flags.format !== "text") {
        const sent =
          flags.format === "json"
            ? context.request
            : await toAdapterRequest(flags.format, context.request);
        const warn = createPaint(environment.stderr, environment.env)("yellow", "warning:");
        for (const warning of context.warnings) {
          environment.stderr.write(`${warn} ${warning.message}\n`);
        }
        environment.stdout.write(`${JSON.stringify(sent, null, 2)}\n`);
        return;
      }
      const heading = `First turn in ${cwd} (model ${flags.model}, personality ${flags.personality}, sandbox ${flags.sandbox}, approval ${flags.approval})`;
      environment.stdout.write(
        formatContextText(
          context,
          heading,
          createPaint(environment.stdout, environment.env),
          await loadDefaultTokenizer(),
        ),
      );
    });
}
