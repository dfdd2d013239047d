import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { type Command, Option } from "commander";
import { createChunkedWriter } from "./chunked-writer.js";
import { CliError } from "./cli-error.js";
import { formatInspectionText } from "./format-inspection.js";
import { inspectRollout } from "./inspect-rollout.js";
import { createItemTable } from "./item-table.js";
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
    .option(
      "--html <FILE>",
      "also write the session as a self-contained HTML timeline (the first 2000 requests)",
    )
    .option(
      "--items",
      "list every item with its line, turn, category and kind (reads the rollout twice)",
    )
    .addOption(
      new Option(
        "--format <FORMAT>",
        "text for a person, json for every item, the first 2000 requests and the events",
      )
        .choices(["text", "json"])
        .default("text"),
    )
    .addHelpText(
      "after",
      `
The rollout is read as a stream, so memory stays bounded for any size. Progress is shown on
standard error when it is a terminal.

Examples:
  ctx inspect ~/.codex/sessions/2026/07/13/rollout-….jsonl
  ctx inspect rollout.jsonl --html timeline.html
`,
    )
    .action(async (rollout: string, flags: InspectFlags) => {
      const path = resolve(environment.cwd, rollout);
      const progress = createProgress(environment);
      const output = createChunkedWriter(environment.stdout);
      const json = flags.format === "json";
      // JSON streams the items first, then the rest once the whole rollout is read.
      let opened = false;
      const inspection = await inspectRollout(path, {
        progress: progress.report,
        ...(json
          ? {
              onItem: (item) => {
                const text = `${opened ? "," : '{\n  "items": ['}\n    ${JSON.stringify(item)}`;
                opened = true;
                return output.write(text);
              },
            }
          : {}),
      }).finally(progress.clear);
      if (flags.html !== undefined) {
        const page = resolve(environment.cwd, flags.html);
        await writeFile(page, renderInspectionHtml(inspection)).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          throw new CliError("failure", `cannot write ${page}: ${reason}`, { cause: error });
        });
      }
      if (json) {
        const { items: itemCount, ...rest } = inspection;
        const tail = JSON.stringify({ ...rest, itemCount }, null, 2).slice(1);
        await output.write(`${opened ? "\n  ]," : '{\n  "items": [],'}${tail}\n`);
        await output.flush();
        return;
      }
      const paint = createPaint(environment.stdout, environment.env);
      await output.write(formatInspectionText(inspection, paint));
      if (flags.items === true) {
        const table = createItemTable(inspection, paint);
        await output.write(table.heading);
        await inspectRollout(path, {
          progress: progress.report,
          onItem: (item) => output.write(table.row(item)),
        }).finally(progress.clear);
      }
      await output.flush();
    });
}
