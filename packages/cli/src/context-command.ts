import { homedir } from "node:os";
import { join, resolve } from "node:path";
import {
  type ApprovalPolicy,
  defaultModelCatalog,
  type Personality,
  type SandboxMode,
} from "@ctx/prompts";
import { type Command, Option } from "commander";
import { buildFirstTurnContext } from "./first-turn-context.js";
import { formatContextText } from "./format-context.js";
import { type CliEnvironment, createPaint } from "./terminal.js";

interface ContextFlags {
  readonly model: string;
  readonly personality: Personality;
  readonly sandbox: SandboxMode;
  readonly approval: ApprovalPolicy;
  readonly home?: string;
  readonly format: "text" | "json";
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
        .choices(["friendly", "pragmatic", "none"])
        .default("pragmatic"),
    )
    .addOption(
      new Option("--sandbox <MODE>", "what the model's commands may touch")
        .choices(["read-only", "workspace-write", "danger-full-access"])
        .default("workspace-write"),
    )
    .addOption(
      new Option("--approval <POLICY>", "when the model must ask before running a command")
        .choices(["untrusted", "on-request", "on-failure", "never"])
        .default("on-request"),
    )
    .option(
      "--home <DIR>",
      "the folder holding the global AGENTS.md (default: $CODEX_HOME, else ~/.codex)",
    )
    .addOption(
      new Option("--format <FORMAT>", "text for a person, json for exactly what is sent")
        .choices(["text", "json"])
        .default("text"),
    )
    .action(async (directory: string | undefined, flags: ContextFlags) => {
      const cwd = resolve(environment.cwd, directory ?? ".");
      const home =
        flags.home === undefined
          ? (environment.env.CODEX_HOME ?? join(environment.env.HOME ?? homedir(), ".codex"))
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
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      if (flags.format === "json") {
        const warn = createPaint(environment.stderr, environment.env)("yellow", "warning:");
        for (const warning of context.warnings) {
          environment.stderr.write(`${warn} ${warning.message}\n`);
        }
        environment.stdout.write(`${JSON.stringify(context.request, null, 2)}\n`);
        return;
      }
      const heading = `First turn in ${cwd} (model ${flags.model}, personality ${flags.personality}, sandbox ${flags.sandbox}, approval ${flags.approval})`;
      environment.stdout.write(
        formatContextText(context, heading, createPaint(environment.stdout, environment.env)),
      );
    });
}
