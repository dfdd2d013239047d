import { resolve } from "node:path";
import { type Command, Option } from "commander";
import { formatContextText } from "./format-context.js";
import { diffSettings, readSettingsFile } from "./settings-change.js";
import { type CliEnvironment, createPaint } from "./terminal.js";

interface DiffFlags {
  readonly format: "text" | "json";
}

/** Adds `ctx diff BEFORE AFTER`: what a change of settings between two turns re-sends. */
export function addDiffCommand(program: Command, environment: CliEnvironment): void {
  program
    .command("diff")
    .description(
      "show what a change of settings between two turns re-sends to the model, using the session's diffing",
    )
    .argument(
      "<BEFORE>",
      "a JSON file of the first turn's settings (model, personality, permissions, environments, …)",
    )
    .argument("<AFTER>", "a JSON file of the second turn's settings")
    .addOption(
      new Option("--format <FORMAT>", "text for a person, json for the items re-sent")
        .choices(["text", "json"])
        .default("text"),
    )
    .action(async (before: string, after: string, flags: DiffFlags) => {
      const defaults = {
        cwd: environment.cwd,
        shell: environment.env.SHELL?.split("/").at(-1) || "bash",
      };
      const change = await diffSettings(
        await readSettingsFile(resolve(environment.cwd, before), defaults),
        await readSettingsFile(resolve(environment.cwd, after), defaults),
      );
      if (flags.format === "json") {
        environment.stdout.write(
          `${JSON.stringify(
            {
              resent: change.resent,
              ...(change.cacheBreak === undefined ? {} : { cacheBreak: change.cacheBreak }),
              warnings: change.warnings,
            },
            null,
            2,
          )}\n`,
        );
        return;
      }
      const paint = createPaint(environment.stdout, environment.env);
      if (change.blocks.length === 0 && change.cacheBreak === undefined) {
        environment.stdout.write(
          "Nothing is re-sent: the second turn adds only the user's message.\n",
        );
        return;
      }
      const heading =
        change.cacheBreak === undefined
          ? `The second turn re-sends ${change.blocks.length} block(s) before the user's message; the cached prefix stays valid.`
          : `The second turn breaks the prompt cache (${change.cacheBreak}) and sends ${change.blocks.length} block(s) before the user's message.`;
      environment.stdout.write(formatContextText(change, heading, paint));
    });
}
