import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { type Command, Option } from "commander";
import { CliError } from "./cli-error.js";
import { formatInspectionText } from "./format-inspection.js";
import { inspectRollout } from "./inspect-rollout.js";
import { renderInspectionHtml } from "./render-inspection-html.js";
import { type CliEnvironment, createPaint, createProgress } from "./terminal.js";

interface InspectFlags {
  readonly html?: string;
  readonly format: "text" | "json";
  readonly items?: boolean;
}

/** Adds `ctx inspect ROLLOUT`: every item of a rollout classified, and where the cache broke. */
export function addInspectCommand(program: Command, environment: CliEnvironment): void {
  program
    .command("inspect")
    .description(
      "classify every item of a Codex or @ctx rollout, with estimated tokens by kind, compactions, rollbacks and cache breaks",
    )
    .argument("<ROLLOUT>", "a rollout file (.jsonl), written by Codex or by @ctx's JSONL store")
    .option("--html <FILE>", "also write the session as a self-contained HTML timeline")
    .option("--items", "list every item with its line, turn, category and kind")
    .addOption(
      new Option("--format <FORMAT>", "text for a person, json for every item and event")
        .choices(["text", "json"])
        .default("text"),
    )
    .action(async (rollout: string, flags: InspectFlags) => {
      const path = resolve(environment.cwd, rollout);
      const progress = createProgress(environment);
      const inspection = await inspectRollout(path, progress.report).finally(progress.clear);
      if (flags.html !== undefined) {
        const page = resolve(environment.cwd, flags.html);
        await writeFile(page, renderInspectionHtml(inspection)).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          throw new CliError("failure", `cannot write ${page}: ${reason}`, { cause: error });
        });
      }
      environment.stdout.write(
        flags.format === "json"
          ? `${JSON.stringify(inspection, null, 2)}\n`
          : formatInspectionText(
              inspection,
              createPaint(environment.stdout, environment.env),
              flags.items === true,
            ),
      );
    });
}
