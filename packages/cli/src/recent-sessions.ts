import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { JsonValue } from "@ctx/protocol";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { parseCodexRolloutLine } from "@ctx/session";
import { claudeProjectFolder } from "./claude-project-folder.js";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";
import type { RolloutFormat } from "./formats/transcript-format.js";
import { isJsonObject } from "./json-object.js";
import { readRolloutLines } from "./rollout-lines.js";

/** A session found for a folder: who wrote it, when it last changed, and its file. */
export interface RecentSession {
  readonly writer: RolloutFormat;
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
  /** Claude Code's projects folder (`~/.claude/projects`), when its sessions are wanted too. */
  readonly claudeProjects?: string;
  /** How many sessions to give at most. */
  readonly limit: number;
  /** How many Codex rollouts to open at most, newest first, looking for the folder's. */
  readonly scanLimit: number;
}

/** The longest first line read of a Codex rollout: its session_meta, with the base instructions. */
const metaLineBytes = 1024 * 1024;
/** What a listing reads of a file at a time: its first lines, not a large chunk of every file. */
const metaChunkBytes = 64 * 1024;
/** How many lines of a Claude Code transcript are read for the first that names its folder. */
const claudeHeadLines = 20;

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
    ...(options.claudeProjects === undefined
      ? []
      : await claudeSessions(options.claudeProjects, options)),
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
          const meta = parseCodexRolloutLine(await firstLine(path));
          if (meta?.type !== "session_meta" || meta.cwd !== options.cwd) continue;
          const changed = await stat(path).catch(() => undefined);
          if (changed === undefined) continue;
          found.push({
            writer: "codex",
            id: meta.id ?? name,
            updatedAt: changed.mtime.toISOString(),
            path,
          });
        }
      }
    }
  }
  return found;
}

/**
 * The first of the first `lines` lines of the file at `path` that is JSON and that `accept`s;
 * `undefined` when none is, or the file cannot be read.
 */
async function firstAccepted(
  path: string,
  lines: number,
  accept: (value: JsonValue) => boolean,
): Promise<JsonValue | undefined> {
  try {
    for await (const line of readRolloutLines(path, metaLineBytes, metaChunkBytes)) {
      if (line.number > lines) return undefined;
      if (line.text === undefined) continue;
      let value: JsonValue;
      try {
        value = JSON.parse(line.text) as JsonValue;
      } catch {
        continue;
      }
      if (accept(value)) return value;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** The first line of the file at `path` as JSON; `undefined` when it is not, or cannot be read. */
function firstLine(path: string): Promise<JsonValue | undefined> {
  return firstAccepted(path, 1, () => true);
}

/**
 * The transcripts in Claude Code's folder for `options.cwd` whose records name that folder,
 * newest first, opening at most `scanLimit` of them (sub-agents' `agent-*.jsonl` are left out).
 */
async function claudeSessions(
  projects: string,
  options: RecentSessionsOptions,
): Promise<RecentSession[]> {
  const folder = claudeProjectFolder(projects, options.cwd);
  const names = (await namesLastFirst(folder)).filter(
    (name) => name.endsWith(".jsonl") && !name.startsWith("agent-"),
  );
  const dated: { path: string; name: string; changed: Date }[] = [];
  for (const name of names.slice(0, options.scanLimit)) {
    const path = join(folder, name);
    const changed = await stat(path).catch(() => undefined);
    if (changed?.isFile() === true) dated.push({ path, name, changed: changed.mtime });
  }
  dated.sort((first, second) => second.changed.getTime() - first.changed.getTime());
  const found: RecentSession[] = [];
  for (const { path, name, changed } of dated) {
    if (found.length >= options.limit) break;
    const record = await firstAccepted(
      path,
      claudeHeadLines,
      (value) => isJsonObject(value) && typeof value.cwd === "string",
    );
    if (!isJsonObject(record) || record.cwd !== options.cwd) continue;
    found.push({
      writer: "claude",
      id: typeof record.sessionId === "string" ? record.sessionId : name.slice(0, -".jsonl".length),
      updatedAt: changed.toISOString(),
      path,
    });
  }
  return found;
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
    throw fileFailure(error, directory, "list");
  } finally {
    await store.close();
  }
}
