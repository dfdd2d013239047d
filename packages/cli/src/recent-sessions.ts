import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { JsonValue } from "@ctx/protocol";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { CliError } from "./cli-error.js";
import { isJsonObject } from "./json-object.js";
import { readRolloutLines } from "./rollout-lines.js";

/** A session found for a folder: who wrote it, when it last changed, and its file. */
export interface RecentSession {
  readonly writer: "codex" | "ctx";
  readonly id: string;
  /** When the session last changed, as an ISO date. */
  readonly updatedAt: string;
  readonly path: string;
}

/** Where {@link findRecentSessions} looks, and how much it reads. */
export interface RecentSessionsOptions {
  /** The folder whose sessions are wanted, absolute. */
  readonly cwd: string;
  /** Codex's home: its rollouts are under `sessions/YYYY/MM/DD/`. */
  readonly codexHome: string;
  /** The folder of an @ctx JSONL rollout store, when there is one. */
  readonly ctxStore?: string;
  /** How many sessions to give at most. */
  readonly limit: number;
  /** How many Codex rollouts to open at most, newest first, looking for the folder's. */
  readonly scanLimit: number;
}

/** The longest first line read of a Codex rollout: its session_meta, with the base instructions. */
const metaLineBytes = 1024 * 1024;

/**
 * The sessions started in `options.cwd`, newest first: Codex's rollouts (the newest days first,
 * each rollout's first line, its `session_meta`, naming the folder) and the sessions of an
 * @ctx JSONL store, listed by the store. Folders that do not exist give no sessions.
 *
 * @throws {CliError} `failure` when a limit is not a positive integer, or the store cannot list.
 */
export async function findRecentSessions(options: RecentSessionsOptions): Promise<RecentSession[]> {
  for (const [name, limit] of Object.entries({
    limit: options.limit,
    scanLimit: options.scanLimit,
  })) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new CliError("failure", `${name} must be a positive integer, not ${limit}`);
    }
  }
  const found = [
    ...(await codexSessions(options)),
    ...(options.ctxStore === undefined ? [] : await ctxSessions(options.ctxStore, options)),
  ];
  return found
    .sort((first, second) => second.updatedAt.localeCompare(first.updatedAt))
    .slice(0, options.limit);
}

/** The names in `folder`, last first; none when it cannot be listed. */
async function namesLastFirst(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => []);
  return names.sort().reverse();
}

async function codexSessions(options: RecentSessionsOptions): Promise<RecentSession[]> {
  const found: RecentSession[] = [];
  let opened = 0;
  const root = join(options.codexHome, "sessions");
  for (const year of await namesLastFirst(root)) {
    for (const month of await namesLastFirst(join(root, year))) {
      for (const day of await namesLastFirst(join(root, year, month))) {
        const folder = join(root, year, month, day);
        for (const name of await namesLastFirst(folder)) {
          if (!name.endsWith(".jsonl")) continue;
          if (found.length >= options.limit || opened >= options.scanLimit) return found;
          opened += 1;
          const path = join(folder, name);
          const meta = await firstLine(path);
          const payload =
            isJsonObject(meta) && meta.type === "session_meta" ? meta.payload : undefined;
          if (!isJsonObject(payload) || payload.cwd !== options.cwd) continue;
          const changed = await stat(path).catch(() => undefined);
          if (changed === undefined) continue;
          found.push({
            writer: "codex",
            id: typeof payload.id === "string" ? payload.id : name,
            updatedAt: changed.mtime.toISOString(),
            path,
          });
        }
      }
    }
  }
  return found;
}

/** The first line of the file at `path` as JSON; `undefined` when it is not, or cannot be read. */
async function firstLine(path: string): Promise<JsonValue | undefined> {
  try {
    for await (const line of readRolloutLines(path, metaLineBytes)) {
      return line.text === undefined ? undefined : (JSON.parse(line.text) as JsonValue);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

async function ctxSessions(
  directory: string,
  options: RecentSessionsOptions,
): Promise<RecentSession[]> {
  if ((await stat(directory).catch(() => undefined))?.isDirectory() !== true) return [];
  const store = createJsonlRolloutStore(directory);
  try {
    const page = await store.list({ cwd: options.cwd, limit: options.limit });
    return page.sessions.map((session) => ({
      writer: "ctx" as const,
      id: session.id,
      updatedAt: session.updatedAt,
      path: join(directory, `${session.id}.jsonl`),
    }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError("failure", `cannot list the sessions in ${directory}: ${reason}`, {
      cause: error,
    });
  } finally {
    await store.close();
  }
}
