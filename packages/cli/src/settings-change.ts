import { readFile } from "node:fs/promises";
import { discoverAgentsMdForEnvironments, type LoadedAgentsMd } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import type { JsonValue, ResponseItem } from "@ctx/protocol";
import { agentsMdInstructions, createStandardRegistry } from "@ctx/registry";
import {
  type CachePrediction,
  createSession,
  type ParsedTurnContext,
  parseTurnContext,
  SessionError,
  type TurnContext,
} from "@ctx/session";
import type { CtxWarning } from "@ctx/text";
import { agentsMdFailure } from "./agents-md-failure.js";
import { CliError } from "./cli-error.js";
import { cliWarnings } from "./cli-warnings.js";
import { type ContextBlock, contextBlocks } from "./context-blocks.js";
import { fileFailure } from "./file-failure.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
import { applySettingsOverride, type SettingsOverride } from "./settings-override.js";

/** What a second turn sends because its settings differ from the first's. */
export interface SettingsChange {
  /** The items the second request adds before the user's message: the context updates. */
  readonly resent: readonly ResponseItem[];
  /** The same texts, one block each. */
  readonly blocks: readonly ContextBlock[];
  /** Why the second request does not extend the first, when it does not. */
  readonly cacheBreak?: string;
  /**
   * The session's prediction of the second request's cache misses, when it foresees one (a
   * model switch, new instructions, a changed fragment, …), with the tokens and dollars at stake.
   */
  readonly cachePrediction?: CachePrediction;
  readonly warnings: readonly CtxWarning[];
}

/**
 * The defaults settings are laid over: the default model, one environment in `cwd`, and the
 * AGENTS.md files the session discovers for it, with the global one from `home`.
 */
export interface SettingsDefaults {
  readonly cwd: string;
  readonly shell: string;
  /** The folder holding the global AGENTS.md (Codex's home). */
  readonly home: string;
}

/**
 * Reads a settings file: a JSON object with the fields of a turn context (`model`,
 * `personality`, `permissions`, `environments`, …), checked by {@link toTurnContext}.
 *
 * @throws {CliError} `failure` when the file cannot be read, is not JSON, or not an object.
 */
export async function readSettingsFile(path: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw fileFailure(error, path, "read");
  }
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError("failure", `${path} is not JSON: ${reason}`, { cause: error });
  }
  if (!isJsonObject(value)) {
    throw new CliError("failure", `${path} must hold a JSON object of turn settings`);
  }
  return value;
}

/**
 * A turn context from `settings` laid over `defaults` (`ctx-coder`, one environment in the
 * default folder, AGENTS.md discovered by the session), with the command line's `overrides`
 * laid over both, in order.
 *
 * @throws {CliError} `failure` naming `origin` (where the settings came from: a file, or the
 * flags) and the fields that do not fit.
 */
export function toTurnContext(
  settings: JsonObject,
  overrides: readonly SettingsOverride[],
  defaults: SettingsDefaults,
  origin: string,
): ParsedTurnContext {
  const laid = overrides.reduce(applySettingsOverride, {
    model: "ctx-coder",
    environments: [{ id: "local", cwd: defaults.cwd, shell: defaults.shell }],
    agentsMd: { discover: { home: defaults.home } },
    ...settings,
  });
  try {
    return parseTurnContext(withNodeFileSystem(laid));
  } catch (error) {
    if (SessionError.isInstance(error)) {
      throw new CliError("failure", `${origin}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/**
 * `settings` with AGENTS.md discovered on Node's file system, when they ask for discovery; with
 * blocking calls, since a one-shot command has nothing to do while it waits for the disk.
 */
function withNodeFileSystem(settings: JsonObject): Record<string, unknown> {
  const { agentsMd } = settings;
  if (!isJsonObject(agentsMd) || !isJsonObject(agentsMd.discover)) return settings;
  return {
    ...settings,
    agentsMd: {
      ...agentsMd,
      discover: { ...agentsMd.discover, fs: createNodeFileSystem({ blocking: true }) },
    },
  };
}

/**
 * Runs two turns of one session, the first with `before`, the second with `after`, and returns
 * what the second sends beyond the first request because the settings changed (each AGENTS.md
 * block with the files it holds), using the session's own diffing.
 *
 * @throws {CliError} `failure` when a turn's working directory cannot be used for AGENTS.md
 * discovery (it does not exist, say).
 */
export async function diffSettings(
  before: TurnContext,
  after: TurnContext,
): Promise<SettingsChange> {
  const registry = createStandardRegistry();
  const session = createSession({ registry });
  // A working directory discovery cannot use (a missing folder, say) is the user's to fix.
  const firstTurn = await withAgentsMd(before).catch(agentsMdFailure);
  const secondTurn = await withAgentsMd(after).catch(agentsMdFailure);
  const first = await session.beginTurn(firstTurn.turn, "(the first message)");
  const second = await session.beginTurn(secondTurn.turn, "(the second message)");
  const sources = (kind: string) =>
    kind === agentsMdInstructions.type ? (secondTurn.agentsMd?.sources() ?? []) : [];
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
      ...contextBlocks(registry, resent, sources),
    ],
    ...(second.cacheBreak === undefined ? {} : { cacheBreak: second.cacheBreak.message }),
    ...(second.cachePrediction === undefined ? {} : { cachePrediction: second.cachePrediction }),
    warnings: [
      ...cliWarnings(first.warnings, before.model),
      ...cliWarnings(second.warnings, after.model),
    ],
  };
}

/**
 * `turn` with the AGENTS.md files it asks the session to discover already discovered, as the
 * session would (the environments that are not still starting), so the files behind the text
 * are known.
 *
 * @throws {AgentsMdError} when an environment's working directory cannot be used.
 */
async function withAgentsMd(
  turn: TurnContext,
): Promise<{ turn: TurnContext; agentsMd: LoadedAgentsMd | undefined }> {
  const { agentsMd } = turn;
  if (agentsMd === undefined || !("discover" in agentsMd)) return { turn, agentsMd };
  const loaded = await discoverAgentsMdForEnvironments(
    turn.environments
      .filter((environment) => environment.status !== "starting")
      .map(({ id, cwd }) => ({ id, cwd })),
    agentsMd.discover,
  );
  return { turn: { ...turn, agentsMd: loaded }, agentsMd: loaded };
}
