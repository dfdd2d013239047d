import { resolve } from "node:path";
import type { JsonValue } from "@ctx/protocol";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import {
  type ImportClaudeCodeTranscriptOptions,
  importClaudeCodeTranscript,
  importCodexRollout,
  SessionError,
} from "@ctx/session";
import type { CtxWarning } from "@ctx/text";
import type { Command } from "commander";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";
import { detectTranscriptReader } from "./formats/transcript-readers.js";
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

/** The first record's JSON, or `null` for a line that is not JSON. */
function parsed(line: string): JsonValue {
  try {
    return JSON.parse(line) as JsonValue;
  } catch {
    return null;
  }
}

/**
 * The lines of `path` and the format they are in, told by the first record: Claude Code's
 * transcript, or (anything else) a Codex rollout, whose importer names what it cannot read.
 */
async function openFile(
  path: string,
): Promise<{ format: "claude" | "codex"; lines: AsyncGenerator<string> }> {
  const iterator = lineTexts(path);
  const opening: string[] = [];
  let format: "claude" | "codex" = "codex";
  for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
    opening.push(next.value);
    if (next.value.trim() !== "") {
      if (detectTranscriptReader(parsed(next.value))?.format === "claude") format = "claude";
      break;
    }
  }
  async function* lines(): AsyncGenerator<string> {
    yield* opening;
    yield* iterator;
  }
  return { format, lines: lines() };
}

/** Writes the file at `path` into a new session of `store`: what was written, in one sentence. */
async function importFile(
  path: string,
  options: ImportClaudeCodeTranscriptOptions,
): Promise<{ sessionId: string; items: number; warnings: readonly CtxWarning[]; said: string }> {
  const { format, lines } = await openFile(path);
  if (format === "codex") return { ...(await importCodexRollout(lines, options)), said: "" };
  const imported = await importClaudeCodeTranscript(lines, options);
  const { sidechainRecords, rewinds } = imported;
  return {
    ...imported,
    said: [
      ...(sidechainRecords === 0
        ? []
        : [` ${sidechainRecords} record(s) of sub-agents' conversations were left out.`]),
      ...(rewinds === 0 ? [] : [` ${rewinds} branch(es) the person rewound from were left out.`]),
    ].join(""),
  };
}

/**
 * Adds `ctx import ROLLOUT [--store DIR] [--session ID]`: a Codex rollout or a Claude Code
 * transcript written into a new session of the @ctx JSONL store, to continue in @ctx.
 */
export function addImportCommand(program: Command, environment: CliEnvironment): void {
  program
    .command("import")
    .description(
      "write a Codex rollout or a Claude Code transcript into a new session of an @ctx JSONL store, keeping who wrote each item, to continue it in @ctx",
    )
    .argument(
      "<ROLLOUT>",
      "a rollout Codex wrote (~/.codex/sessions/…/rollout-*.jsonl) or a Claude Code transcript (~/.claude/projects/…/*.jsonl)",
    )
    .option("--store <DIR>", "the folder of the @ctx JSONL store (default: $CTX_SESSIONS)")
    .option("--session <ID>", "the new session's id (default: a random UUID)")
    .action(async (rollout: string, flags: ImportFlags) => {
      const folder = sessionStoreFolder(flags.store, environment);
      const path = resolve(environment.cwd, rollout);
      const store = createJsonlRolloutStore(folder);
      try {
        const imported = await importFile(path, {
          store,
          ...(flags.session === undefined ? {} : { sessionId: flags.session }),
        });
        const warn = createPaint(environment.stderr, environment.env)("yellow", "warning:");
        for (const warning of imported.warnings) {
          environment.stderr.write(`${warn} ${visibleText(warning.message)}\n`);
        }
        environment.stdout.write(
          `Imported ${imported.items} item(s) into session ${imported.sessionId} of ${folder}.${imported.said}\n`,
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
