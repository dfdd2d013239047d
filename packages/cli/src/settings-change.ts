import { readFile } from "node:fs/promises";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import {
  createSession,
  type ParsedTurnContext,
  parseTurnContext,
  SessionError,
  type TurnContext,
} from "@ctx/session";
import type { CtxWarning } from "@ctx/text";
import { CliError } from "./cli-error.js";
import { type ContextBlock, contextBlocks } from "./context-blocks.js";

/** What a second turn sends because its settings differ from the first's. */
export interface SettingsChange {
  /** The items the second request adds before the user's message: the context updates. */
  readonly resent: readonly ResponseItem[];
  /** The same texts, one block each. */
  readonly blocks: readonly ContextBlock[];
  /** Why the second request does not extend the first, when it does not. */
  readonly cacheBreak?: string;
  readonly warnings: readonly CtxWarning[];
}

/** The defaults a settings file is laid over: the default model, one environment in `cwd`. */
export interface SettingsDefaults {
  readonly cwd: string;
  readonly shell: string;
}

/**
 * Reads a settings file: a JSON object with the fields of a turn context (`model`,
 * `personality`, `permissions`, `environments`, …) over `defaults`.
 *
 * @throws {CliError} `failure` when the file cannot be read, is not JSON, or does not fit.
 */
export async function readSettingsFile(
  path: string,
  defaults: SettingsDefaults,
): Promise<ParsedTurnContext> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError("failure", `cannot read ${path}: ${reason}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError("failure", `${path} is not JSON: ${reason}`, { cause: error });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CliError("failure", `${path} must hold a JSON object of turn settings`);
  }
  const settings = {
    model: "ctx-coder",
    environments: [{ id: "local", cwd: defaults.cwd, shell: defaults.shell }],
    ...value,
  };
  try {
    return parseTurnContext(settings);
  } catch (error) {
    if (SessionError.isInstance(error)) {
      throw new CliError("failure", `${path}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/**
 * Runs two turns of one session, the first with `before`, the second with `after`, and returns
 * what the second sends beyond the first request because the settings changed, using the
 * session's own diffing.
 */
export async function diffSettings(
  before: TurnContext,
  after: TurnContext,
): Promise<SettingsChange> {
  const registry = createStandardRegistry();
  const session = createSession({ registry });
  const first = await session.beginTurn(before, "(the first message)");
  const second = await session.beginTurn(after, "(the second message)");
  const resent = second.input.slice(second.cacheBreak === undefined ? first.input.length : 0, -1);
  return {
    resent,
    blocks: [
      ...(second.instructions === first.instructions
        ? []
        : [
            {
              role: "system" as const,
              kind: "base_instructions",
              sources: [],
              text: second.instructions,
            },
          ]),
      ...contextBlocks(registry, resent),
    ],
    ...(second.cacheBreak === undefined ? {} : { cacheBreak: second.cacheBreak.message }),
    warnings: [...first.warnings, ...second.warnings],
  };
}
