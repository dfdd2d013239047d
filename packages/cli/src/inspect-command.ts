import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { approximateTokenizer } from "@ctx/session";
import { type Command, Option } from "commander";
import { createChunkedWriter } from "./chunked-writer.js";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";
import { formatInspectionText } from "./format-inspection.js";
import { defaultInspectLimit, inspectRollout } from "./inspect-rollout.js";
import { createItemTable } from "./item-table.js";
import { renderInspectionHtml } from "./render-inspection-html.js";
import { type CliEnvironment, createPaint, createProgress } from "./terminal.js";

interface InspectFlags {
  readonly html?: string;
  readonly format: "text" | "json";
  readonly items?: boolean;
  readonly maxLineBytes: number;
  readonly tokenizeLimit: number;
}

/** Reads a flag's count of bytes: a whole number from 0. */
function parseBytes(flag: string): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) {
      throw new CliError(
        "usage",
        `${flag} takes a whole number of bytes, not ${JSON.stringify(text)}`,
      );
    }
    return value;
  };
}

/** Adds `ctx inspect ROLLOUT`: every item of a rollout classified, and where the cache broke. */
export function addInspectCommand(program: Command, environment: CliEnvironment): void {
  program
    .command("inspect")
    .description(
      "classify every item of a Codex or @ctx rollout, a Claude Code transcript or a pi session: tokens by kind, each request beside the provider's reported usage, compactions, rollbacks and cache breaks",
    )
    .argument(
      "<ROLLOUT>",
      "a session file (.jsonl), written by Codex, by @ctx's JSONL store, by Claude Code or by pi",
    )
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
    .addOption(
      new Option("--max-line-bytes <BYTES>", "skip, with a warning, any line longer than this")
        .argParser(parseBytes("--max-line-bytes"))
        .default(defaultInspectLimit, "64 MiB"),
    )
    .addOption(
      new Option(
        "--tokenize-limit <BYTES>",
        "count this many bytes of text with o200k_base, and estimate the rest at bytes / 4",
      )
        .argParser(parseBytes("--tokenize-limit"))
        .default(defaultInspectLimit, "64 MiB"),
    )
    .addHelpText(
      "after",
      `
The rollout is read as a stream, so memory stays bounded for any size. Who wrote each user
message comes from the rollout itself (Codex's user_message records, the origins @ctx records,
Claude Code's isMeta, isCompactSummary and sidechain marks and the records it writes itself,
pi's roles), never from what the text looks like; a sub-agent's conversation is summed apart.
A line that cannot be read is named with its number. Progress is shown on standard error when it is a terminal.

Examples:
  ctx inspect ~/.codex/sessions/2026/07/13/rollout-….jsonl
  ctx inspect rollout.jsonl --html timeline.html
  ctx inspect ~/.claude/projects/-home-ada-my-app/….jsonl
`,
    )
    .action(async (rollout: string, flags: InspectFlags) => {
      const path = resolve(environment.cwd, rollout);
      const progress = createProgress(environment);
      const output = createChunkedWriter(environment.stdout);
      const json = flags.format === "json";
      const limits = { maxLineBytes: flags.maxLineBytes, tokenizeLimit: flags.tokenizeLimit };
      // JSON streams the items first, then the rest once the whole rollout is read.
      let opened = false;
      const inspection = await inspectRollout(path, {
        ...limits,
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
          throw fileFailure(error, page, "write");
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
        // The rows show bytes alone: the second reading need not count tokens again.
        await inspectRollout(path, {
          ...limits,
          tokenizer: approximateTokenizer,
          progress: progress.report,
          onItem: (item) => output.write(table.row(item)),
        }).finally(progress.clear);
      }
      await output.flush();
    });
}
