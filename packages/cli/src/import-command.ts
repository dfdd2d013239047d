import { resolve } from "node:path";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { importCodexRollout, SessionError } from "@ctx/session";
import type { Command } from "commander";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";
import { defaultInspectLimit } from "./inspect-rollout.js";
import { readRolloutLines } from "./rollout-lines.js";
import { sessionStoreFolder } from "./session-store-folder.js";
import { type CliEnvironment, createPaint } from "./terminal.js";
import { visibleText } from "./visible-text.js";

interface ImportFlags {
  readonly store?: string;
  readonly session?: string;
}

/**
 * The lines of the file at `path` as text, one at a time.
 *
 * @throws {CliError} `failure` for a line over the limit: left out, it would change the history.
 */
async function* lineTexts(path: string): AsyncGenerator<string> {
  for await (const line of readRolloutLines(path, defaultInspectLimit)) {
    if (line.text === undefined) {
      throw new CliError(
        "failure",
        `line ${line.number} of ${path} is ${line.bytes} bytes, over the ${defaultInspectLimit}-byte limit: nothing was imported`,
      );
    }
    yield line.text;
  }
}

/**
 * Adds `ctx import ROLLOUT [--store DIR] [--session ID]`: a Codex rollout written into a new
 * session of the @ctx JSONL store, to continue in @ctx.
 */
export function addImportCommand(program: Command, environment: CliEnvironment): void {
  program
    .command("import")
    .description(
      "write a Codex rollout into a new session of an @ctx JSONL store, keeping who wrote each item, to continue it in @ctx",
    )
    .argument("<ROLLOUT>", "a rollout Codex wrote (~/.codex/sessions/…/rollout-*.jsonl)")
    .option("--store <DIR>", "the folder of the @ctx JSONL store (default: $CTX_SESSIONS)")
    .option("--session <ID>", "the new session's id (default: a random UUID)")
    .action(async (rollout: string, flags: ImportFlags) => {
      const folder = sessionStoreFolder(flags.store, environment);
      const path = resolve(environment.cwd, rollout);
      const store = createJsonlRolloutStore(folder);
      try {
        const imported = await importCodexRollout(lineTexts(path), {
          store,
          ...(flags.session === undefined ? {} : { sessionId: flags.session }),
        });
        const warn = createPaint(environment.stderr, environment.env)("yellow", "warning:");
        for (const warning of imported.warnings) {
          environment.stderr.write(`${warn} ${visibleText(warning.message)}\n`);
        }
        environment.stdout.write(
          `Imported ${imported.items} item(s) into session ${imported.sessionId} of ${folder}.\n`,
        );
      } catch (error) {
        if (SessionError.isInstance(error)) {
          throw new CliError("failure", `cannot import ${path}: ${error.message}`);
        }
        if (error instanceof Error && "syscall" in error && "path" in error) {
          throw fileFailure(error, String(error.path), "read");
        }
        throw error;
      } finally {
        await store.close();
      }
    });
}
